import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { testTempDir } from './temp-dir';

// The server project's run: the template and database folders its workers made (test/helpers.ts,
// named after this process) are removed when the run ends, and on PostgreSQL the template databases
// and the test files' databases not dropped yet.
export default function setup() {
  return async function teardown() {
    const ours = [`yaocai-template-${process.pid}-`, `yaocai-testdb-${process.pid}-`];
    for (const dir of new Set([tmpdir(), testTempDir()]))
      for (const name of readdirSync(dir))
        if (ours.some((prefix) => name.startsWith(prefix)))
          rmSync(path.join(dir, name), { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !serverUrl) return;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1 or datname like $2',
        [`yc_tpl_${process.pid}_%`, `yc_test_${process.pid}_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await client.end();
    }
  };
}
