import { spawn } from 'node:child_process';
import { HubCommandError } from './errors.js';

export interface CommandResult {
  code: number;
  stdout: string;
  stderr: string;
}

export interface RunOptions {
  /** Written to the command's stdin (a private key, an nft script); never logged. */
  input?: string;
  /** A non-zero exit is an answer the caller reads rather than a failure (default: a failure, thrown). */
  allowFailure?: boolean;
}

/** Runs one command, given as an argv array, and answers its exit code and output. */
export type Run = (argv: readonly string[], options?: RunOptions) => Promise<CommandResult>;

/** Where the hub writes its lines (a failure, a missing tool): one line each. */
export type Log = (line: string) => void;

export const stderrLog: Log = (line) => process.stderr.write(`[vpn-hub] ${line}\n`);

/** An argv as a person would type it, for a log line: arguments with spaces or quotes in JSON quotes. */
export const showArgv = (argv: readonly string[]) => argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(' ');

const firstLine = (text: string) => text.trim().split('\n').find((line) => line.trim() !== '')?.trim() ?? '';

export interface RunnerOptions {
  /** Put before every argv: `['ip', 'netns', 'exec', 'hub']` runs every command in that network namespace. */
  prefix?: readonly string[];
  log?: Log;
  /** A command still running after this long is killed and fails (a wedged tool must not hang the hub). */
  timeoutMs?: number;
}

/**
 * The one way the hub runs a command. The argv goes to the program as it is, with no shell between: an address
 * or a key, whatever it holds, is one argument and can never become a second command. Output and exit code are
 * captured; a failure is logged in one line (command, exit code, the first line of stderr) and thrown as a
 * HubCommandError, unless the caller reads failures as answers (`allowFailure`).
 */
export function createRunner({ prefix = [], log = stderrLog, timeoutMs = 30_000 }: RunnerOptions = {}): Run {
  return (command, options = {}) => {
    const argv = [...prefix, ...command];
    return new Promise((resolve, reject) => {
      const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
      let stdout = '';
      let stderr = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      // a tool that exits without reading its stdin closes the pipe under us: that is its exit code's business
      child.stdin.on('error', () => {});
      child.stdin.end(options.input ?? '');
      const timer = setTimeout(() => {
        stderr += `\n超时 (timed out after ${timeoutMs} ms)`;
        child.kill('SIGKILL');
      }, timeoutMs);
      let done = false;
      // a program that cannot start reports 'error' and then 'close': the first one answers
      const finish = (code: number) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        const result = { code, stdout, stderr };
        if (code === 0 || options.allowFailure) return resolve(result);
        const message = `命令失败 (command failed): ${showArgv(command)} → exit ${code}: ${firstLine(stderr) || '(无输出 / no output)'}`;
        log(message);
        reject(new HubCommandError(message, command, code, stderr));
      };
      child.on('error', (error: NodeJS.ErrnoException) => {
        stderr += error.code === 'ENOENT' ? `找不到程序 (not found): ${argv[0]}` : error.message;
        finish(error.code === 'ENOENT' ? 127 : 126);
      });
      child.on('close', (code, signal) => finish(code ?? (signal ? 128 : 1)));
    });
  };
}
