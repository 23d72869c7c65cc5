import type { HubBox } from '@gw/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { followPlatform, type Following } from './follow.js';
import { createHub } from './hub.js';
import { generateKeyPair } from './keys.js';
import { fakeHost } from './test/fake-host.js';
import { fakePlatform, feedOf } from './test/fake-platform.js';

const hubKey = generateKeyPair();
const box = (id: string, n: number): HubBox => ({ id, public_key: generateKeyPair().publicKey, vpn_ip: `10.8.0.${n + 1}/32`, machine_net: `10.100.${n}.0/24` });
const [boxA, boxB] = [box('A', 1), box('B', 2)];

/** The hub process's loop on a fake host and a fake platform, with its timers short. */
function world(initial = feedOf([boxA])) {
  const timeline: string[] = [];
  const lines: string[] = [];
  const host = fakeHost((command) => void timeline.push(`host: ${command}`));
  const fake = fakePlatform(timeline, initial);
  const following = followPlatform({
    hub: createHub({ run: host.run, log: () => {}, conntrack: false }),
    platform: fake.platform,
    iface: { name: 'gw0', private_key: hubKey.privateKey, listen_port: 51820 },
    log: (line) => lines.push(line),
    statusMs: 40,
    reconcileMs: 100_000,
    retryMs: 10,
    maxRetryMs: 40,
  });
  return { timeline, lines, host, fake, following };
}
const peerOf = (b: HubBox) => `peer ${b.public_key} allowed-ips`;

let running: Following | undefined;
afterEach(() => running?.stop());

describe('the hub process following the platform', () => {
  it('seals its table with no grant before it asks the platform anything, then applies the state whole', async () => {
    const w = world();
    running = w.following;
    await vi.waitFor(() => expect(w.host.commands().some((c) => c.includes(peerOf(boxA)))).toBe(true));
    expect(w.timeline[0]).toBe('host: nft -f -');
    expect(w.host.calls[0].input).toMatch(/policy drop;/);
    expect(w.host.calls[0].input).not.toContain('elements');
    expect(w.host.commands().filter((c) => !c.startsWith('nft'))).not.toEqual([]);
    expect(w.timeline.indexOf('platform: state')).toBe(1);
  });

  it('applies a change as soon as the watch brings it, and reports its peers', async () => {
    const w = world();
    running = w.following;
    await vi.waitFor(() => expect(w.lines.some((l) => l.includes('已应用状态 v-A'))).toBe(true));
    w.fake.set(feedOf([boxA, boxB]));
    await vi.waitFor(() => expect(w.host.commands().some((c) => c.includes(peerOf(boxB)))).toBe(true), { timeout: 1000 });
    w.fake.set(feedOf([boxB]));
    await vi.waitFor(() => expect(w.host.commands().some((c) => c.includes(`peer ${boxA.public_key} remove`))).toBe(true), { timeout: 1000 });
    await vi.waitFor(() => expect(w.fake.reports.length).toBeGreaterThan(0));
    expect(w.fake.reports[0]).toEqual({ peers: [] });
  });

  it('keeps the last state while the platform is out of reach, says so once, and catches up when it is back', async () => {
    const w = world(feedOf([boxA, boxB]));
    running = w.following;
    await vi.waitFor(() => expect(w.lines.some((l) => l.includes('已应用状态 v-A-B'))).toBe(true));
    const before = w.host.commands().length;
    w.fake.down();
    // retries, reports and their failures for a while: one line for the whole outage, nothing taken down or opened
    await new Promise((r) => setTimeout(r, 300));
    expect(w.timeline.filter((t) => t === 'platform: watch').length).toBeGreaterThan(3);
    expect(w.lines.filter((l) => l.includes('平台不可达'))).toHaveLength(1);
    expect(w.host.commands().slice(before).filter((c) => !c.startsWith('wg show'))).toEqual([]);
    w.fake.set(feedOf([boxA]));
    w.fake.up();
    await vi.waitFor(() => expect(w.host.commands().some((c) => c.includes(`peer ${boxB.public_key} remove`))).toBe(true), { timeout: 1000 });
    expect(w.lines.filter((l) => l.includes('平台已恢复'))).toHaveLength(1);
  });

  it('keeps the last state when the platform sends one the hub refuses, and takes the next', async () => {
    const w = world();
    running = w.following;
    await vi.waitFor(() => expect(w.lines.some((l) => l.includes('已应用状态 v-A'))).toBe(true));
    const before = w.host.commands().length;
    w.fake.set({ ...feedOf([boxA, { ...boxB, machine_net: boxA.machine_net }]), version: 'bad' });
    await new Promise((r) => setTimeout(r, 100));
    expect(w.host.commands().slice(before).filter((c) => !c.startsWith('wg show'))).toEqual([]);
    w.fake.set(feedOf([boxA, boxB]));
    await vi.waitFor(() => expect(w.host.commands().some((c) => c.includes(peerOf(boxB)))).toBe(true), { timeout: 1000 });
  });

  it('stops without touching the table or the interface', async () => {
    const w = world();
    await vi.waitFor(() => expect(w.lines.some((l) => l.includes('已应用状态 v-A'))).toBe(true));
    await w.following.stop();
    const after = w.host.commands().length;
    w.fake.set(feedOf([boxB]));
    await new Promise((r) => setTimeout(r, 100));
    expect(w.host.commands().length).toBe(after);
    expect(w.host.commands().join('\n')).not.toMatch(/delete table|ip link del/);
  });
});
