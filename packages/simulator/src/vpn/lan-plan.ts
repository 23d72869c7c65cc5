import type { BoxVpnConfig } from '@gw/contracts';

/** A machine tool as the box's LAN holds it. */
export interface LanMachine {
  code: string;
  /** What its data port and HMI page answer. */
  name: string;
  /** Its address on the platform (in the box's /24), the one an engineer dials. */
  ip: string;
  /** Where it listens on the LAN: `ip`, or its own LAN address behind the 1:1 NAT. */
  address: string;
  nat: boolean;
}

export interface LanPlan {
  /** The box's own address on the LAN, `10.100.1.1/24`. */
  gateway: string;
  machines: LanMachine[];
}

/**
 * Where each machine tool of a box sits on its LAN for a tunnel config: at the address the platform gave it (the
 * identity file's `ip`, written by --provision; without one, the platform's own order — the box's first machine
 * tool at .2 of its /24, the next at .3 …), or, when the config's NAT maps that address to a `lan_ip`, there.
 */
export function lanPlan(gatewayId: string, machines: readonly { code: string; ip?: string }[], config: Pick<BoxVpnConfig, 'lan' | 'nat'>): LanPlan {
  const [gateway] = config.lan.split('/');
  const net = gateway.split('.').slice(0, 3).join('.');
  const natOf = new Map(config.nat.map((entry) => [entry.ip, entry.lan_ip]));
  return {
    gateway,
    machines: machines.map((machine, i) => {
      const ip = machine.ip ?? `${net}.${i + 2}`;
      const lanIp = natOf.get(ip);
      return { code: machine.code, name: `机床 ${machine.code} (${gatewayId})`, ip, address: lanIp ?? ip, nat: lanIp !== undefined };
    }),
  };
}

/**
 * The box's nftables table for the 1:1 NAT: a packet to a machine tool's platform address is sent on to its own
 * LAN address (conntrack turns the answer's source back), so an engineer dials the platform's address whatever
 * the controller keeps. Replaces the table whole (the `add`, `delete` pair makes a missing one no error).
 */
export function natScript(table: string, nat: BoxVpnConfig['nat']): string {
  const rules = nat.map((entry) => `    ip daddr ${entry.ip} dnat to ${entry.lan_ip}\n`).join('');
  return `add table ip ${table}\ndelete table ip ${table}\ntable ip ${table} {\n  chain prerouting {\n    type nat hook prerouting priority dstnat; policy accept;\n${rules}  }\n}\n`;
}
