import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../demo/seed';
import { multipart } from '../../test/factories';
import { browserLike, cookiesOf, testDbKind } from '../../test/helpers';
import { type App, buildApp } from '../app';
import { loadConfig } from '../config';
import { readManifest } from '../db/backup/archive';
import { inspectPostgresTarget } from '../db/backup/postgres';
import { type Database, openDatabase } from '../db/client';
import { createScratchDatabase } from '../db/scratch';
import { LocalFileStorage } from '../lib/storage';
import { tinyPng } from '../modules/account/test-kit';
import { backupCli } from './backup';
import { restoreCli } from './restore';

// `npm run backup` and `npm run restore` on the suite's kind of database: a demo installation (a
// PGlite data folder, or a scratch PostgreSQL database, with its DATA_DIR/uploads) is backed up,
// and an empty installation (a wiped machine) restored from the file is the same shop to the demo
// buyer: its orders, its invoices, the file it uploaded.

interface Installation {
  env: NodeJS.ProcessEnv;
  dataDir: string;
  open(): Promise<Database>;
}

const drops: (() => Promise<void>)[] = [];
const workDir = mkdtempSync(path.join(tmpdir(), 'yaocai-backup-test-'));

async function installation(): Promise<Installation> {
  const dataDir = mkdtempSync(path.join(workDir, 'data-'));
  if (testDbKind === 'postgres') {
    const created = await createScratchDatabase(process.env.TEST_DATABASE_URL!, `yc_backup_${process.pid}`);
    drops.push(created.drop);
    return {
      env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
      dataDir,
      open: () => openDatabase({ url: created.url, poolSize: 4 }),
    };
  }
  return { env: { DATA_DIR: dataDir }, dataDir, open: () => openDatabase({ dataDir: `${dataDir}/pglite` }) };
}

/** The server of an installation, for the length of `work` (closed after, as before a backup). */
async function withServer<T>(target: Installation, work: (app: App) => Promise<T>): Promise<T> {
  const database = await target.open();
  const config = { ...loadConfig(target.env), seedDemoData: false, logLevel: 'silent' };
  const app = await buildApp({ config, database, logger: false });
  try {
    await app.ready();
    app.inject = browserLike(app);
    return await work(app);
  } finally {
    await app.close();
    await database.close();
  }
}

async function run(command: typeof backupCli, argv: string[], env: NodeJS.ProcessEnv) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (chunk) => {
    out += chunk;
  });
  stderr.on('data', (chunk) => {
    err += chunk;
  });
  const code = await command({ argv, env, stdout, stderr });
  return { code, out, err };
}

/** What the demo buyer sees of its shop: orders, invoices, and the bytes of its uploaded file. */
async function buyerView(app: App, fileId: number) {
  const login = await app.inject({
    method: 'POST',
    url: '/api/user/login',
    payload: { username: '13800000001', password: 'Demo@123456' },
  });
  expect(login.statusCode).toBe(200);
  const cookie = cookiesOf(login);
  const orders = await app.inject({ url: '/api/order/list?page=1&page_size=50', headers: { cookie } });
  const invoices = await app.inject({ url: '/api/user/invoices', headers: { cookie } });
  const file = await app.inject({ url: `/api/files/${fileId}`, headers: { cookie } });
  expect([orders.statusCode, invoices.statusCode, file.statusCode]).toEqual([200, 200, 200]);
  return { orders: orders.json().data, invoices: invoices.json().data, file: file.rawPayload };
}

let source: Installation;
let backupFile: string;
let fileId: number;
let before: Awaited<ReturnType<typeof buyerView>>;

beforeAll(async () => {
  source = await installation();
  const database = await source.open();
  await seedDemoData(database.db, new Date(), new LocalFileStorage(path.join(source.dataDir, 'uploads')));
  await database.close();
  before = await withServer(source, async (app) => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { username: '13800000001', password: 'Demo@123456' },
    });
    const body = multipart({}, { name: '回执.png', bytes: tinyPng, type: 'image/png' });
    const uploaded = await app.inject({
      method: 'POST',
      url: '/api/upload',
      payload: body.payload,
      headers: { ...body.headers, cookie: cookiesOf(login) },
    });
    expect(uploaded.statusCode).toBe(200);
    fileId = uploaded.json().data.id;
    return buyerView(app, fileId);
  });
  backupFile = path.join(workDir, 'yaocai.backup.tar');
});

afterAll(async () => {
  for (const drop of drops.splice(0)) await drop();
  rmSync(workDir, { recursive: true, force: true });
});

describe('npm run backup / npm run restore', () => {
  it('backs up a demo shop and restores it on an empty installation, as the buyer saw it', async () => {
    const backup = await run(backupCli, [backupFile], source.env);
    expect(backup.err).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.out).toContain(`已备份到 ${backupFile}`);
    expect(before.orders.list.length).toBeGreaterThan(0);
    expect(before.invoices.list.length).toBeGreaterThan(0);

    const manifest = await readManifest(backupFile);
    expect(manifest.database).toBe(testDbKind);
    expect(manifest.schema.migration).toMatch(/^\d{4}_/);
    expect(manifest.counts.orders).toBeGreaterThan(0);
    expect(manifest.counts.invoices).toBeGreaterThan(0);
    expect(manifest.uploads.files).toBeGreaterThan(0);

    const target = await installation();
    const restored = await run(restoreCli, [backupFile], target.env);
    expect(restored.err).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.out).toContain(`订单 orders ${manifest.counts.orders}`);
    expect(restored.out).toContain(`文件 files ${manifest.counts.files}`);

    const after = await withServer(target, (app) => buyerView(app, fileId));
    expect(after.orders).toEqual(before.orders);
    expect(after.invoices).toEqual(before.invoices);
    expect(Buffer.compare(after.file, tinyPng)).toBe(0);

    // The installation now holds a shop: a second restore replaces it only when told.
    const refused = await run(restoreCli, [backupFile], target.env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('目标不是空的');
    expect(refused.err).toContain('--force');
    const forced = await run(restoreCli, [backupFile, '--force'], target.env);
    expect(forced.err).toBe('');
    expect(forced.code).toBe(0);
    if (testDbKind === 'pglite') expect(forced.out).toContain('.before-restore-');
    const again = await withServer(target, (app) => buyerView(app, fileId));
    expect(again.orders).toEqual(before.orders);
  });

  it('refuses a backup of a newer schema than this code knows, touching nothing', async () => {
    const newer = await rewriteManifest(backupFile, (manifest) => ({
      ...manifest,
      schema: { migration: '9999_from_the_future', when: 4102444800000, applied: 9999 },
    }));
    const target = await installation();
    const refused = await run(restoreCli, [newer, '--force'], target.env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('比本程序新');
    expect(refused.err).toContain('9999_from_the_future');
    // Nothing was touched: no folder made, no table created.
    expect(readdirSync(target.dataDir)).toEqual([]);
    if (target.env.DATABASE_URL)
      expect((await inspectPostgresTarget(target.env.DATABASE_URL)).tables).toBe(0);
  });

  it('refuses a file that is not a backup, and a database kind it was not made from', async () => {
    const junk = path.join(workDir, 'junk.tar');
    writeFileSync(junk, 'not a tar file at all');
    const target = await installation();
    const refused = await run(restoreCli, [junk], target.env);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('不是药采的备份文件');
    const otherKind = await rewriteManifest(backupFile, (manifest) => ({
      ...manifest,
      database: manifest.database === 'pglite' ? 'postgres' : 'pglite',
    }));
    const mismatched = await run(restoreCli, [otherKind], target.env);
    expect(mismatched.code).toBe(1);
    expect(mismatched.err).toContain('只能恢复到同类数据库');
    expect((await run(restoreCli, [], target.env)).code).toBe(2);
  });

  it.runIf(testDbKind === 'pglite')(
    'refuses to back up or restore a PGlite folder a server has open',
    async () => {
      const database = await source.open();
      try {
        const backup = await run(backupCli, [path.join(workDir, 'busy.tar')], source.env);
        expect(backup.code).toBe(1);
        expect(backup.err).toContain(`正被进程 ${process.pid} 使用`);
        expect(backup.err).toContain('stop it first');
        const restore = await run(restoreCli, [backupFile, '--force'], source.env);
        expect(restore.code).toBe(1);
        expect(restore.err).toContain(`正被进程 ${process.pid} 使用`);
      } finally {
        await database.close();
      }
      // Closed, the folder is free again; a mark left by a process that died is not in the way.
      writeFileSync(path.join(source.dataDir, 'pglite.pid'), '999999999\n');
      const backup = await run(backupCli, [path.join(workDir, 'free.tar')], source.env);
      expect(backup.code).toBe(0);
    },
  );
});

/** A copy of a backup with its manifest changed (as a newer or foreign version would write it). */
async function rewriteManifest(
  file: string,
  change: (manifest: Record<string, unknown>) => Record<string, unknown>,
): Promise<string> {
  const dir = mkdtempSync(path.join(workDir, 'rewrite-'));
  await tar.x({ file, cwd: dir });
  const manifestFile = path.join(dir, 'manifest.json');
  writeFileSync(manifestFile, JSON.stringify(change(JSON.parse(readFileSync(manifestFile, 'utf8')))));
  const copy = path.join(workDir, `rewritten-${path.basename(dir)}.tar`);
  const manifest = await readManifest(file);
  await tar.c({ file: copy, cwd: dir }, ['manifest.json', manifest.databaseEntry, 'uploads']);
  return copy;
}
