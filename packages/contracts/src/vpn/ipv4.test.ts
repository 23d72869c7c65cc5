import { describe, expect, it } from 'vitest';
import { BlockIndex, blockContains, blocksOverlap, formatBlock, formatIpv4, parseBlock, parseIpv4, parseIpv4WithPrefix } from './ipv4.js';

describe('IPv4 addresses and blocks', () => {
  it('reads dotted addresses strictly (no leading zeros, no spaces, octets ≤ 255)', () => {
    expect(parseIpv4('10.8.0.2')).toBe(10 * 2 ** 24 + 8 * 2 ** 16 + 2);
    expect(formatIpv4(parseIpv4('255.255.255.255')!)).toBe('255.255.255.255');
    for (const bad of ['10.8.0', '10.8.0.256', '010.8.0.2', ' 10.8.0.2', '10.8.0.2 ', '10.8.0.2/32', 'a.b.c.d', '']) expect(parseIpv4(bad)).toBeNull();
  });

  it('reads an interface address with its prefix', () => {
    expect(parseIpv4WithPrefix('10.8.0.1/16')).toEqual({ address: parseIpv4('10.8.0.1'), bits: 16 });
    for (const bad of ['10.8.0.1', '10.8.0.1/33', '10.8.0.1/', '10.8.0.1/1a']) expect(parseIpv4WithPrefix(bad)).toBeNull();
  });

  it('reads a network only with a zero host part, and a bare address as a /32', () => {
    expect(formatBlock(parseBlock('10.100.1.0/24')!)).toBe('10.100.1.0/24');
    expect(formatBlock(parseBlock('10.100.1.7')!)).toBe('10.100.1.7');
    expect(parseBlock('10.100.1.7/24')).toBeNull();
    expect(parseBlock('010.100.1.0/24')).toBeNull();
  });

  it('tells nesting and overlap', () => {
    const net = parseBlock('10.100.1.0/24')!;
    expect(blockContains(net, parseBlock('10.100.1.255')!)).toBe(true);
    expect(blockContains(net, parseBlock('10.100.2.0')!)).toBe(false);
    expect(blockContains(parseBlock('10.100.1.9')!, net)).toBe(false);
    expect(blocksOverlap(parseBlock('10.100.1.9')!, net)).toBe(true);
    expect(blocksOverlap(parseBlock('10.100.0.0/24')!, net)).toBe(false);
  });
});

describe('BlockIndex', () => {
  const block = (text: string) => parseBlock(text)!;
  it('finds the held block a new one overlaps, whichever side it starts on, and whether one lies inside', () => {
    const index = new BlockIndex<string>();
    for (const [text, owner] of [['10.100.2.0/24', 'B'], ['10.8.0.2', 'A'], ['10.100.1.0/24', 'A'], ['10.8.0.3', 'B']] as const) {
      expect(index.overlapping(block(text))).toBeUndefined();
      index.add(block(text), owner);
    }
    expect(index.overlapping(block('10.100.1.7'))?.owner).toBe('A');
    expect(index.overlapping(block('10.100.0.0/16'))).toBeDefined();
    expect(index.overlapping(block('10.100.3.0/24'))).toBeUndefined();
    expect(index.overlapping(block('10.8.0.0/30'))?.owner).toBe('B');
    expect(index.contains(block('10.100.2.9'))).toBe(true);
    expect(index.contains(block('10.100.0.0/16'))).toBe(false);
    expect(index.contains(block('10.8.0.4'))).toBe(false);
  });
});
