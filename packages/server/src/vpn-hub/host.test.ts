import { describe, expect, it } from 'vitest';
import { HubUnavailableError } from './errors.js';
import { assertHost, hostProblem, type HostFacts } from './host.js';

const everything: HostFacts = { uid: 0, find: (tool) => `/usr/sbin/${tool}`, kernelWireGuard: false };

describe('the host the hub runs on', () => {
  it('is fine as root with every tool', () => {
    expect(hostProblem(everything)).toBeNull();
  });

  it('must be root: said in one line, thrown as a typed error', () => {
    const lines: string[] = [];
    const error = (() => {
      try {
        assertHost((line) => lines.push(line), { ...everything, uid: 1000 });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(HubUnavailableError);
    expect(error).toMatchObject({ reason: 'not-root', missing: [] });
    expect(lines).toEqual(['远程访问集线器需要 root 权限 (the VPN hub must run as root)']);
  });

  it('names every missing tool at once, and the packages that bring them', () => {
    const problem = hostProblem({ ...everything, find: (tool) => (['nft', 'wireguard-go'].includes(tool) ? null : `/usr/bin/${tool}`) });
    expect(problem).toMatchObject({ reason: 'missing-tools', missing: ['nft', 'wireguard-go'] });
    expect(problem?.message).toMatch(/^远程访问集线器缺少工具 \(the VPN hub lacks tools\): nft, wireguard-go — apt-get install /);
  });

  it('needs no wireguard-go where the kernel has WireGuard', () => {
    expect(hostProblem({ ...everything, kernelWireGuard: true, find: (tool) => (tool === 'wireguard-go' ? null : `/usr/bin/${tool}`) })).toBeNull();
  });
});
