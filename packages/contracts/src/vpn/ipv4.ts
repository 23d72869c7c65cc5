import { parseCidr } from '../fleet/net.js';

/** A block of IPv4 addresses: its first address as a number and its prefix length (32 for one address). */
export interface Ipv4Block {
  base: number;
  bits: number;
}

const DOTTED = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** `10.8.0.2` → the address as a number; null unless four decimal octets 0–255 without leading zeros. */
export function parseIpv4(text: string): number | null {
  const m = DOTTED.exec(text);
  if (!m) return null;
  const octets = m.slice(1, 5);
  // '010' is octal to some tools and decimal to others: refused rather than guessed
  if (octets.some((o) => (o.length > 1 && o.startsWith('0')) || Number(o) > 255)) return null;
  return octets.reduce((n, o) => n * 256 + Number(o), 0);
}

export const formatIpv4 = (n: number) => [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');

/** `10.8.0.1/16` (an address on a network, as an interface holds it) → the address and the prefix length; else null. */
export function parseIpv4WithPrefix(text: string): { address: number; bits: number } | null {
  const slash = text.indexOf('/');
  if (slash < 0) return null;
  const address = parseIpv4(text.slice(0, slash));
  const prefix = text.slice(slash + 1);
  if (address === null || !/^\d{1,2}$/.test(prefix) || Number(prefix) > 32) return null;
  return { address, bits: Number(prefix) };
}

/** A network (`10.100.1.0/24`, zero host part) or a single address (`10.8.0.2`, `10.8.0.2/32`) as a block; else null. */
export function parseBlock(text: string): Ipv4Block | null {
  const address = parseIpv4(text);
  if (address !== null) return { base: address, bits: 32 };
  const net = parseCidr(text);
  // parseCidr reads the same dotted form but tolerates leading zeros and spaces: its address part is checked again
  return net && parseIpv4(text.slice(0, text.indexOf('/'))) !== null ? net : null;
}

/** The block of the network an address with a prefix lies on: `10.8.0.1/16` → 10.8.0.0/16. */
export const networkOf = (address: number, bits: number): Ipv4Block => ({ base: address - (address % 2 ** (32 - bits)), bits });

export const blockSize = (block: Ipv4Block) => 2 ** (32 - block.bits);

/** Whether `inner` lies wholly inside `outer`. */
export const blockContains = (outer: Ipv4Block, inner: Ipv4Block) =>
  inner.bits >= outer.bits && inner.base >= outer.base && inner.base + blockSize(inner) <= outer.base + blockSize(outer);

/** Whether two blocks share an address (prefix blocks either nest or are apart). */
export const blocksOverlap = (a: Ipv4Block, b: Ipv4Block) => blockContains(a, b) || blockContains(b, a);

/** The canonical text of a block: `10.8.0.2` for one address, `10.100.1.0/24` for a network. */
export const formatBlock = (block: Ipv4Block) => (block.bits === 32 ? formatIpv4(block.base) : `${formatIpv4(block.base)}/${block.bits}`);

/**
 * Disjoint blocks kept sorted by their first address, each with its owner: whether a new block overlaps one of
 * them, or lies inside one, is a binary search rather than a pass over all (a hub's state holds thousands). Since
 * the blocks held never overlap, the one starting last at or before a block's end is the only one that can reach it.
 */
export class BlockIndex<Owner> {
  private readonly starts: number[] = [];
  private readonly entries: { block: Ipv4Block; owner: Owner }[] = [];

  /** The held block that overlaps `block`, if any. */
  overlapping(block: Ipv4Block): { block: Ipv4Block; owner: Owner } | undefined {
    const at = this.lastStartingBy(block.base + blockSize(block) - 1);
    const entry = at >= 0 ? this.entries[at] : undefined;
    return entry && entry.block.base + blockSize(entry.block) > block.base ? entry : undefined;
  }

  /** Whether `block` lies wholly inside one held block. */
  contains(block: Ipv4Block): boolean {
    const entry = this.overlapping(block);
    return entry !== undefined && blockContains(entry.block, block);
  }

  /** Holds `block` (the caller has checked it overlaps nothing held). */
  add(block: Ipv4Block, owner: Owner): void {
    const at = this.lastStartingBy(block.base) + 1;
    this.starts.splice(at, 0, block.base);
    this.entries.splice(at, 0, { block, owner });
  }

  /** The index of the last block starting at or before `address`, -1 when none does. */
  private lastStartingBy(address: number): number {
    let low = 0;
    let high = this.starts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.starts[middle] <= address) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  }
}
