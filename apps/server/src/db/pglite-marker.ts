import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// PGlite is one process at a time: a second process opening the same folder damages it, and
// PGlite keeps no lock of its own (the postmaster.pid it writes names no process). So each process
// that opens a PGlite folder writes its pid beside it (DATA_DIR/pglite.pid) until it closes; a
// second process is refused before it opens the folder (claimPgliteFolder), and the commands that
// must run alone (backup, restore) refuse while that process lives.

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

/** Another live process has the PGlite folder open. */
export class PgliteInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    const marker = pgliteMarkerOf(dataDir);
    super(
      `The embedded database ${dataDir} is open in process ${pid} (${marker}); PGlite is one process ` +
        `at a time. Stop that process first, or give this one another DATA_DIR (several processes ` +
        `need PostgreSQL: DATABASE_URL). If process ${pid} is not a Yaocai server, delete ${path.basename(marker)}.`,
    );
    this.name = 'PgliteInUseError';
  }
}

/**
 * Marks the folder open by this process before it is opened, refusing (PgliteInUseError) while
 * another live process holds it; a mark left by a crash, or by this very process (a restarted
 * container may get its old pid), is taken over. The answer removes the mark.
 */
export function claimPgliteFolder(dataDir: string): () => void {
  const marker = pgliteMarkerOf(dataDir);
  try {
    // Created only if absent: of two processes starting together, one finds the other's mark.
    writeFileSync(marker, `${process.pid}\n`, { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = pgliteHolder(dataDir);
    if (holder !== undefined && holder !== process.pid) throw new PgliteInUseError(dataDir, holder);
    writeFileSync(marker, `${process.pid}\n`);
  }
  return () => {
    if (pidIn(marker) === process.pid) rmSync(marker, { force: true });
  };
}
