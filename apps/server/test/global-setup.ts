import { readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

// The server project's run: the template data folders its workers made (test/helpers.ts, named
// after this process) are removed when the run ends, and on PostgreSQL the template databases.
export default function setup() {
  return async function teardown() {
    const ours = `yaocai-template-${process.pid}-`;
    for (const name of readdirSync(tmpdir()))
      if (name.startsWith(ours)) rmSync(path.join(tmpdir(), name), { recursive: true, force: true });
    const serverUrl = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !serverUrl) return;
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`yc_tpl_${process.pid}_%`],
      );
      for (const { datname } of rows) await client.query(`drop database if exists ${datname} with (force)`);
    } finally {
      await client.end();
    }
  };
}
