import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDbKind } from '../../../test/helpers';
import { migrationsFolder, pgliteExtensions } from '../../db/client';
import { createScratchDatabase } from '../../db/scratch';

// Migration 0043 moves the 满减 activities into the one promotions table: run on a database
// migrated up to 0042 holding activities in every state, on PGlite or PostgreSQL (TEST_DB).

/** The migrations folder as it stood before 0043. */
function folderUpTo(idx: number): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'yaocai-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = path.join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= idx);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

interface Handle {
  query<T>(text: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function open(): Promise<Handle> {
  if (testDbKind === 'postgres') {
    const created = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '', `yc_mig_${process.pid}`);
    const client = new pg.Client({ connectionString: created.url });
    await client.connect();
    return {
      query: async (text) => (await client.query(text)).rows,
      migrate: (folder) => migratePg(drizzlePg(client), { migrationsFolder: folder }),
      close: async () => {
        await client.end();
        await created.drop();
      },
    };
  }
  const client = await PGlite.create({ extensions: pgliteExtensions });
  return {
    query: async (text) => (await client.query(text)).rows as never[],
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

let db: Handle;
let before: string;
beforeAll(async () => {
  db = await open();
  before = folderUpTo(42);
}, 120_000);
afterAll(async () => {
  await db?.close();
  rmSync(before, { recursive: true, force: true });
});

describe('migration 0043: 满减 activities into promotions', () => {
  it('moves every activity with its id, tiers, coverage and state, then drops the old table', async () => {
    await db.migrate(before);
    await db.query(`
      insert into manjian_activities (id, name, coverage, tiers, starts_at, ends_at, is_active) values
        (3, '全场满减', null, '[{"amountFen":50000,"reductionFen":2000}]', now() - interval '1 day', now() + interval '9 days', true),
        (7, '感冒药满减', '{"categoryIds":[10]}', '[{"amountFen":10000,"reductionFen":1000}]', now() - interval '1 day', now() + interval '9 days', false),
        (9, '已结束', null, '[{"amountFen":100,"reductionFen":10}]', now() - interval '2 days', now() - interval '1 day', false)`);
    await db.migrate(migrationsFolder);

    const rows = await db.query<{
      id: number;
      kind: string;
      name: string;
      coverage: unknown;
      action: unknown;
      status: string;
    }>('select id, kind, name, coverage, action, status from promotions order by id');
    expect(rows).toEqual([
      {
        id: 3,
        kind: 'full_reduction',
        name: '全场满减',
        coverage: null,
        action: { tiers: [{ amountFen: 50_000, reductionFen: 2_000 }] },
        status: 'active',
      },
      {
        id: 7,
        kind: 'full_reduction',
        name: '感冒药满减',
        coverage: { categoryIds: [10] },
        action: { tiers: [{ amountFen: 10_000, reductionFen: 1_000 }] },
        status: 'paused',
      },
      {
        id: 9,
        kind: 'full_reduction',
        name: '已结束',
        coverage: null,
        action: { tiers: [{ amountFen: 100, reductionFen: 10 }] },
        status: 'ended',
      },
    ]);
    // New rows continue after the moved ids.
    const [created] = await db.query<{ id: number }>(
      `insert into promotions (kind, name, action, starts_at, ends_at)
       values ('second_half', '第二件半价', '{"ratePercent":50}', now(), now() + interval '1 day') returning id`,
    );
    expect(created.id).toBe(10);
    const [left] = await db.query<{ n: number }>(
      "select count(*)::int as n from information_schema.tables where table_name = 'manjian_activities'",
    );
    expect(left.n).toBe(0);
  }, 120_000);
});
