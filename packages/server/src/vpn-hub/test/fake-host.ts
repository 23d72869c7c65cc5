import { HubCommandError } from '../errors.js';
import type { CommandResult, Run, RunOptions } from '../runner.js';

export interface Call {
  argv: string[];
  input?: string;
}

/**
 * A host that answers the hub's commands without touching anything: every call is recorded; `answer` may reply
 * to a command (by its argv joined with spaces), else it succeeds with no output. The host starts without the
 * interface (the kernel then makes it), and reads of it answer as a fresh one: no peers, no address, no routes.
 */
export function fakeHost(answer: (command: string, options: RunOptions) => Partial<CommandResult> | undefined = () => undefined) {
  const calls: Call[] = [];
  const run: Run = async (argv, options = {}) => {
    calls.push({ argv: [...argv], ...(options.input !== undefined && { input: options.input }) });
    const command = argv.join(' ');
    const fresh = /^wg show \S+ dump$/.test(command)
      ? { stdout: 'priv\tpub\t0\toff\n' }
      : /^ip -j /.test(command)
        ? { stdout: '[]' }
        : /^ip link show /.test(command)
          ? { code: 1, stderr: 'Device does not exist.' }
          : {};
    const result = { code: 0, stdout: '', stderr: '', ...fresh, ...answer(command, options) };
    if (result.code !== 0 && !options.allowFailure) throw new HubCommandError(command, argv, result.code, result.stderr);
    return result;
  };
  return { run, calls, commands: () => calls.map((call) => call.argv.join(' ')) };
}
