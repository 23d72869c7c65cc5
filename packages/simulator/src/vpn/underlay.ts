import { blockContains, blockSize, formatIpv4, parseBlock, type Ipv4Block } from '@gw/contracts';

/** Each box's underlay is a /30 of the block: the far end .1, the box .2 (`198.19.0.1/30`, `198.19.0.2/30`). */
export interface UnderlayLink {
  far: string;
  box: string;
  /** The far end's address, the box's default route. */
  via: string;
}

const UNDERLAY = parseBlock('198.18.0.0/15')!;

/**
 * The block the boxes' underlay links are cut from, or an error in one Chinese line: on the benchmarking range
 * 198.18.0.0/15 (the machine's own namespace may get an end of such a link, never anything else), /16 to /28.
 */
export function underlayBlock(text: string): Ipv4Block | string {
  const block = parseBlock(text);
  if (!block || block.bits > 28 || block.bits < 15 || !blockContains(UNDERLAY, block)) return `--vpn-underlay 应为 198.18.0.0/15 内的网段 (如 198.19.0.0/16): ${text}`;
  return block;
}

/** The link of the `index`th box (0-based), or null when the block has no room for it. */
export function underlayLink(block: Ipv4Block, index: number): UnderlayLink | null {
  if ((index + 1) * 4 > blockSize(block)) return null;
  const start = block.base + index * 4;
  return { far: `${formatIpv4(start + 1)}/30`, box: `${formatIpv4(start + 2)}/30`, via: formatIpv4(start + 1) };
}
