import { blockContains, formatBlock, parseBlock, type HubState, type Ipv4Block } from '@gw/contracts';

/** The hub's own nftables table: nothing else on the host is touched, and deleting it removes all the hub made. */
export const HUB_TABLE = 'inet gw_hub';

/**
 * The flows as the elements of two nft sets, each a string as nft reads it: `pairs` (client . destination: any
 * port) and `ports` (client . destination . port, TCP or UDP). A grant another one covers is left out, because
 * an interval set refuses an element inside another (and one session's /24 covers its chosen machine tools).
 */
export interface AllowedElements {
  pairs: string[];
  ports: string[];
}

interface Grant {
  client: string;
  block: Ipv4Block;
  port?: number;
}

const elementOf = ({ client, block, port }: Grant) => `${client} . ${formatBlock(block)}${port === undefined ? '' : ` . ${port}`}`;

export function allowedElements(state: HubState): AllowedElements {
  const byClient = new Map<string, Map<string, Grant>>();
  for (const flow of state.flows) {
    const grants = byClient.get(flow.client) ?? new Map<string, Grant>();
    byClient.set(flow.client, grants);
    for (const destination of flow.to) {
      const block = parseBlock(destination.address)!;
      for (const port of destination.ports ?? [undefined]) {
        const grant = { client: flow.client, block, port };
        grants.set(elementOf(grant), grant);
      }
    }
  }
  // a covers b (both of one client): a's destination holds b's, and a allows every port or b's port
  const covers = (a: Grant, b: Grant) => a !== b && blockContains(a.block, b.block) && (a.port === undefined || a.port === b.port);
  const kept = [...byClient.values()].flatMap((grants) => {
    const list = [...grants.values()];
    return list.filter((grant) => !list.some((other) => covers(other, grant)));
  });
  return {
    pairs: kept.filter((grant) => grant.port === undefined).map(elementOf).sort(),
    ports: kept.filter((grant) => grant.port !== undefined).map(elementOf).sort(),
  };
}

const elements = (list: string[]) => (list.length ? ` elements = { ${list.join(', ')} };` : '');

/**
 * The whole table, as one nft transaction that replaces the hub's table if there is one: the kernel swaps old for
 * new atomically, so there is never a moment without the table (the first line makes `delete` safe when none).
 *
 * Forwarding that touches the hub's interface is dropped unless the packet's (client, destination[, port]) is in
 * a set — checked for every packet, established ones too, so removing an element cuts an open TCP connection at
 * once, with no conntrack entry to flush. Replies are let through only in the reply direction of a connection the
 * client opened (a machine tool cannot open one towards the engineer). Forwarding that does not touch the
 * interface is not the hub's to judge: it passes this chain, for the host's other rules to decide.
 */
export function tableScript(interfaceName: string, allowed: AllowedElements): string {
  const dev = JSON.stringify(interfaceName);
  return [
    `table ${HUB_TABLE} {}`,
    `delete table ${HUB_TABLE}`,
    `table ${HUB_TABLE} {`,
    `  set pairs { type ipv4_addr . ipv4_addr; flags interval;${elements(allowed.pairs)} }`,
    `  set ports { type ipv4_addr . ipv4_addr . inet_service; flags interval;${elements(allowed.ports)} }`,
    '  chain forward {',
    '    type filter hook forward priority filter; policy drop;',
    `    iifname != ${dev} oifname != ${dev} accept`,
    '    ip saddr . ip daddr @pairs accept',
    '    ct direction reply ip daddr . ip saddr @pairs accept',
    '    ip saddr . ip daddr . th dport @ports accept',
    '    ct direction reply ip daddr . ip saddr . th sport @ports accept',
    '  }',
    '}',
    '',
  ].join('\n');
}

const removed = (before: string[], after: string[]) => before.filter((element) => !after.includes(element));

/** The elements `before` has and `after` lacks, per set: the grants a change takes away. */
export function elementsRemoved(before: AllowedElements, after: AllowedElements): AllowedElements {
  return { pairs: removed(before.pairs, after.pairs), ports: removed(before.ports, after.ports) };
}

/**
 * One nft transaction from `before` to `after`: removals first (a grant that widens replaces the one it covers
 * within the same transaction), all applied at once or not at all. Null when nothing changes.
 */
export function elementsScript(before: AllowedElements, after: AllowedElements): string | null {
  const lines: string[] = [];
  for (const set of ['pairs', 'ports'] as const) {
    const gone = removed(before[set], after[set]);
    if (gone.length) lines.push(`delete element ${HUB_TABLE} ${set} { ${gone.join(', ')} }`);
  }
  for (const set of ['pairs', 'ports'] as const) {
    const added = removed(after[set], before[set]);
    if (added.length) lines.push(`add element ${HUB_TABLE} ${set} { ${added.join(', ')} }`);
  }
  return lines.length ? `${lines.join('\n')}\n` : null;
}
