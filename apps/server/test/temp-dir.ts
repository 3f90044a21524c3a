import { accessSync, constants } from 'node:fs';
import { tmpdir } from 'node:os';

/**
 * Where the tests keep their embedded databases' folders (the API files' and each E2E journey's
 * copy): TMPDIR when it is set (CI sets /dev/shm), else /dev/shm when the machine has it (memory,
 * as fast as PGlite's own in-memory file system), else the system's temporary folder.
 */
export function testTempDir(): string {
  if (process.env.TMPDIR) return tmpdir();
  try {
    accessSync('/dev/shm', constants.W_OK);
    return '/dev/shm';
  } catch {
    return tmpdir();
  }
}
