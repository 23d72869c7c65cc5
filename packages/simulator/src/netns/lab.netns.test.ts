import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { createLab, REGISTRY, type Lab } from './lab.js';
import { createRunner } from './run.js';
import { labProblem } from './host.js';

const problem = labProblem(['ip', 'wireguard-go']);
if (problem) console.log(`[vpn] 跳过命名空间工具的测试 (netns harness tests skipped): ${problem.message}`);

const run = createRunner({ log: () => {} });
const namespaces = async () => (await run(['ip', 'netns', 'list'])).stdout;
const links = async () => (await run(['ip', '-o', 'link', 'show'])).stdout;
const quiet = () => {};

/** Everything on the machine named with `prefix`: namespaces, links, wireguard-go sockets, registry entries. */
async function traces(prefix: string) {
  const named = (text: string) => text.split('\n').filter((line) => line.includes(prefix));
  return [...named(await namespaces()), ...named(await links()), ...readdirSync('/var/run/wireguard').filter((f) => f.startsWith(prefix)), ...readdirSync(REGISTRY).filter((f) => f.startsWith(prefix))];
}

describe.skipIf(problem !== null)('the namespace laboratory', () => {
  const labs: Lab[] = [];
  afterAll(async () => {
    for (const lab of labs) await lab.cleanup();
  });

  it('cleans what a run that died left behind before making anything of its own', async () => {
    // a run of pid `dead` (a process that has exited) left a namespace with wireguard-go in it and a root veth
    const dead = spawnSync('true').pid;
    const prefix = 'gwzdead';
    mkdirSync(REGISTRY, { recursive: true });
    writeFileSync(`${REGISTRY}/${prefix}.pid`, String(dead));
    await run(['ip', 'netns', 'add', `${prefix}-x`]);
    await run(['ip', 'link', 'add', 'dev', `${prefix}v1a`, 'type', 'veth', 'peer', 'name', `${prefix}v1b`, 'netns', `${prefix}-x`]);
    await run(['ip', 'netns', 'exec', `${prefix}-x`, 'wireguard-go', `${prefix}wg`]);
    expect(await traces(prefix)).toHaveLength(4);

    const lab = await createLab('gwz', { log: quiet });
    labs.push(lab);
    expect(await traces(prefix)).toEqual([]);
    expect(existsSync(`${REGISTRY}/${lab.prefix}.pid`)).toBe(true);
  });

  it('removes all it made, and gives the machine’s own namespace only a 198.18.0.0/15 address', async () => {
    const lab = await createLab('gwz', { log: quiet });
    labs.push(lab);
    const ns = await lab.namespace('one');
    await expect(lab.link('root', '10.8.0.1/30', ns, '10.8.0.2/30')).rejects.toThrow(/198\.18\.0\.0\/15/);
    await lab.link('root', '198.18.250.1/30', ns, '198.18.250.2/30');
    if (!labProblem(['ping'])) expect((await ns.run(['ping', '-c', '1', '-W', '2', '198.18.250.1'], { allowFailure: true })).code).toBe(0);
    await ns.run(['wireguard-go', lab.interfaceName('wg')]);
    ns.spawn(['sleep', '60']);
    expect((await traces(lab.prefix)).length).toBeGreaterThanOrEqual(4);

    await lab.cleanup();
    expect(await traces(lab.prefix)).toEqual([]);
  });
});
