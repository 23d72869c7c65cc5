/** `10.8.0.0/16` → its first address as a number and its prefix length; null unless an IPv4 network with a zero host part. */
export function parseCidr(text: string): { base: number; bits: number } | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(text.trim());
  if (!m) return null;
  const octets = m.slice(1, 5).map(Number);
  const bits = Number(m[5]);
  if (octets.some((o) => o > 255) || bits > 32) return null;
  const base = octets.reduce((n, o) => n * 256 + o, 0);
  return base % 2 ** (32 - bits) === 0 ? { base, bits } : null;
}

/** Why `value` cannot be an address pool no smaller than /`longest`, or null. */
export function poolError(value: string, longest: number): string | null {
  const net = parseCidr(value);
  if (!net) return '应为 IPv4 网段,如 10.8.0.0/16 (主机位为 0)';
  return net.bits > longest ? `网段太小,前缀长度最大为 /${longest}` : null;
}
