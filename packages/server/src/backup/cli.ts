import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError } from './backup-error.js';

/** The command's arguments: one optional path (relative to where the operator typed `npm run …`), --force, --help. */
export function commandLine(usage: string): { file: string | undefined; force: boolean } {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean', default: false }, help: { type: 'boolean', short: 'h', default: false } },
  });
  if (values.help || positionals.length > 1) {
    console.log(usage);
    process.exit(values.help ? 0 : 1);
  }
  // npm runs scripts in the project's root; INIT_CWD is the folder the command was typed in
  // (a trailing / kept: it says "a folder" to the backup even before the folder exists)
  const given = positionals[0];
  const file = given === undefined ? undefined : path.resolve(process.env.INIT_CWD ?? process.cwd(), given) + (given.endsWith('/') ? '/' : '');
  return { file, force: values.force };
}

/** Runs a command's body: a refusal is printed for the operator (no stack), anything else with its stack; exit 1. */
export function runCommand(failed: string, body: () => Promise<void>): void {
  body().then(
    () => process.exit(0),
    (err: unknown) => {
      console.error(`\n${failed}:\n${err instanceof BackupError ? err.message : err instanceof Error ? err.stack : String(err)}`);
      process.exit(1);
    },
  );
}
