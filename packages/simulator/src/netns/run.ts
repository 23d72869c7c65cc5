import { spawn } from 'node:child_process';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Written to the command's stdin (an nft script); never logged. */
  input?: string;
  /** A non-zero exit is an answer the caller reads rather than a failure (default: a failure, thrown). */
  allowFailure?: boolean;
}

/** Runs one command, given as an argv array, and answers its exit code and output. */
export type Run = (argv: readonly string[], options?: RunOptions) => Promise<CommandResult>;

/** Where a failure or a notice goes: one line each. */
export type Log = (line: string) => void;

export interface RunnerOptions {
  /** Put before every argv: `['ip', 'netns', 'exec', 'box']` runs every command in that network namespace. */
  prefix?: readonly string[];
  log?: Log;
}

/** Makes a Run; the lab takes one of these so a test may hand it the runner of the code it tests. */
export type RunnerFactory = (options: RunnerOptions) => Run;

/** A command still running after this long is killed and fails: a wedged tool must not hang a box or a test. */
const TIMEOUT_MS = 30_000;

/**
 * How the simulator's boxes and the namespace lab run `ip`, `wg` and `nft`: the argv goes to the program as it is,
 * with no shell between, so an address or a name from a config is always one argument. A failure is logged in one
 * line (the command, its exit code, the first line of stderr) and thrown, unless the caller reads it (`allowFailure`).
 */
export const createRunner: RunnerFactory = ({ prefix = [], log = () => {} }) =>
  (command, options = {}) =>
    new Promise((resolve, reject) => {
      const argv = [...prefix, ...command];
      const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.stdin.on('error', () => {});
      child.stdin.end(options.input ?? '');
      const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
      let done = false;
      const finish = (code: number) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        if (code === 0 || options.allowFailure) return resolve({ code, stdout, stderr });
        const first = stderr.trim().split('\n')[0] || '(无输出 / no output)';
        const message = `命令失败 (command failed): ${command.join(' ')} → exit ${code}: ${first}`;
        log(message);
        reject(new Error(message));
      };
      child.on('error', (error: NodeJS.ErrnoException) => {
        stderr += error.code === 'ENOENT' ? `找不到程序 (not found): ${argv[0]}` : error.message;
        finish(error.code === 'ENOENT' ? 127 : 126);
      });
      child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
    });
