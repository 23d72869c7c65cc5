import { accessSync, constants, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Where the tests keep their databases and data directories: the machine's memory-backed folder when it has one
 * (Linux's /dev/shm), else the temporary folder. Every test app copies a 1,300-file database and deletes it again;
 * on a disk file system the kernel then writes all of it back, which doubled the cost of starting a test app.
 */
const base = (() => {
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
})();

/** A new empty folder for one test's files, named `<prefix>XXXXXX`; the test removes it. */
export function scratchFolder(prefix: string): string {
  return mkdtempSync(path.join(base, prefix));
}
