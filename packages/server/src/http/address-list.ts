import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** An address as Node reports it, with an IPv4-mapped IPv6 address (::ffff:1.2.3.4) written as IPv4. */
export function plainAddress(ip: string): string {
  return /^::ffff:\d+\.\d+\.\d+\.\d+$/i.test(ip) ? ip.slice(7) : ip;
}

/**
 * A list of addresses and CIDR ranges (`127.0.0.1`, `10.0.0.0/8`, `::1`, `fd00::/8`) that answers whether an
 * address is in it. A malformed entry stops the start, naming the setting, rather than silently letting nobody
 * (or everybody) in.
 */
export function addressList(entries: readonly string[], setting: string): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits, extra] = entry.split('/');
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    const prefix = bits === undefined ? undefined : Number(bits);
    const maxBits = family === 'ipv4' ? 32 : 128;
    if (!family || extra !== undefined || (prefix !== undefined && !(Number.isInteger(prefix) && prefix >= 0 && prefix <= maxBits && bits !== ''))) {
      throw new Error(`环境变量 ${setting} 中的地址不正确: "${entry}" (应为 IP 地址或 CIDR, 如 10.0.0.0/8)`);
    }
    if (prefix === undefined) list.addAddress(address, family);
    else list.addSubnet(address, prefix, family);
  }
  return (ip) => {
    const address = plainAddress(ip);
    const family = isIPv4(address) ? 'ipv4' : isIPv6(address) ? 'ipv6' : null;
    return family !== null && list.check(address, family);
  };
}
