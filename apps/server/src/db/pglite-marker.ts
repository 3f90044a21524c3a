import { readFileSync, rmSync, writeFileSync } from 'node:fs';

// PGlite is one process at a time: a second process opening the same folder damages it, and
// PGlite keeps no lock of its own (the postmaster.pid it writes names no process). So each process
// that opens a PGlite folder writes its pid beside it (DATA_DIR/pglite.pid) until it closes, and
// the commands that must run alone (backup, restore) refuse while that process lives.

export const pgliteMarkerOf = (dataDir: string) => `${dataDir.replace(/\/+$/, '')}.pid`;

function pidIn(file: string): number | undefined {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Marks the folder open by this process; the answer removes the mark (if still ours). */
export function markPgliteOpen(dataDir: string): () => void {
  const marker = pgliteMarkerOf(dataDir);
  writeFileSync(marker, `${process.pid}\n`);
  return () => {
    if (pidIn(marker) === process.pid) rmSync(marker, { force: true });
  };
}

/** The live process that has the folder open, if any; a mark left by a crash is ignored. */
export function pgliteHolder(dataDir: string): number | undefined {
  const pid = pidIn(pgliteMarkerOf(dataDir));
  if (pid === undefined) return undefined;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : undefined;
  }
}
