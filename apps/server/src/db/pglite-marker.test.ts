import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { PgliteInUseError, pgliteMarkerOf } from './pglite-marker';

// One process at a time on a PGlite folder: a second process is refused before it touches the
// folder, naming the process that holds it; a mark left by a dead process is taken over.

describe.skipIf(process.env.TEST_DB === 'postgres')('the PGlite folder marker', () => {
  // Made in a hook: the PostgreSQL run collects the file but skips it, hooks and all.
  let root: string;
  let dataDir: string;
  let marker: string;
  beforeAll(() => {
    root = mkdtempSync(path.join(tmpdir(), 'yaocai-marker-'));
    dataDir = path.join(root, 'pglite');
    marker = pgliteMarkerOf(dataDir);
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('refuses a folder another live process holds, then takes over once that process is gone', async () => {
    // Another process, alive, whose pid is in the marker (as a running server's would be).
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    const pid = other.pid as number;
    writeFileSync(marker, `${pid}\n`);
    try {
      const refused = openDatabase({ dataDir });
      await expect(refused).rejects.toThrow(PgliteInUseError);
      await expect(refused).rejects.toThrow(`is open in process ${pid}`);
      // The folder was not opened: PGlite wrote nothing into it.
      expect(existsSync(path.join(dataDir, 'PG_VERSION'))).toBe(false);
      expect(readFileSync(marker, 'utf8')).toBe(`${pid}\n`);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }

    // The holder is gone: its mark is stale and this process opens the folder.
    const database = await openDatabase({ dataDir });
    expect(readFileSync(marker, 'utf8')).toBe(`${process.pid}\n`);
    await database.close();
    expect(existsSync(marker)).toBe(false);
  }, 60_000);
});
