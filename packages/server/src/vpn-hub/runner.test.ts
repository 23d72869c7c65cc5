import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HubCommandError } from './errors.js';
import { createRunner } from './runner.js';

const node = process.execPath;

describe('the command runner', () => {
  it('captures output and the exit code, and feeds stdin', async () => {
    const run = createRunner({ log: () => {} });
    const script = 'process.stdin.on("data", (d) => process.stdout.write(String(d).toUpperCase())); process.stderr.write("note")';
    expect(await run([node, '-e', script], { input: 'key' })).toEqual({ code: 0, stdout: 'KEY', stderr: 'note' });
    expect(await run([node, '-e', 'process.exit(3)'], { allowFailure: true })).toMatchObject({ code: 3 });
  });

  it('passes each argument as it is: a value holding shell syntax never runs a command', async () => {
    const run = createRunner({ log: () => {} });
    const hostile = '10.8.0.2; touch /tmp/gw-hub-injected $(touch /tmp/gw-hub-injected) `touch /tmp/gw-hub-injected`';
    const result = await run([node, '-e', 'console.log(JSON.stringify(process.argv.slice(1)))', hostile]);
    expect(JSON.parse(result.stdout)).toEqual([hostile]);
    expect(existsSync('/tmp/gw-hub-injected')).toBe(false);
  });

  it('names a failure in one log line and throws it with its exit code and stderr', async () => {
    const lines: string[] = [];
    const run = createRunner({ log: (line) => lines.push(line) });
    const error = await run([node, '-e', 'console.error("Error: Unknown device type.\\nmore"); process.exit(2)'], {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HubCommandError);
    expect(error).toMatchObject({ code: 2, stderr: expect.stringContaining('Unknown device type') });
    expect(lines).toEqual([expect.stringMatching(/^命令失败 \(command failed\): .* → exit 2: Error: Unknown device type\.$/)]);
  });

  it('fails with 127 when the program is not there', async () => {
    const lines: string[] = [];
    const error = await createRunner({ log: (line) => lines.push(line) })(['gw-no-such-tool', 'x']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 127 });
    expect(lines[0]).toContain('找不到程序 (not found): gw-no-such-tool');
  });

  it('puts its prefix before every command (a namespace, in tests)', async () => {
    const run = createRunner({ prefix: [node, '-e', 'console.log(process.argv.slice(1).join(" "))'] });
    expect((await run(['wg', 'show'])).stdout.trim()).toBe('wg show');
  });

  it('kills a command that hangs', async () => {
    const run = createRunner({ log: () => {}, timeoutMs: 300 });
    await expect(run([node, '-e', 'setTimeout(() => {}, 10_000)'])).rejects.toThrow(/超时/);
  });
});
