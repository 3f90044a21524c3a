import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { testDbKind } from '../../test/helpers';
import { buildApp } from '../app';
import { loadConfig, repoRoot } from '../config';
import { type Database, openDatabase } from '../db/client';
import { auditLog, loginAttempts, operatorRoles, operators, roles } from '../db/schema';
import { createScratchDatabase } from '../db/scratch';
import { verifyPassword } from '../modules/account/passwords';
import { CLI_ACTOR, productionStartNotices } from '../modules/operator/bootstrap';
import { operatorCreateCli } from './operator-create';

// `npm run operator:create`: on an empty database of the suite's kind (a PGlite data folder or a
// scratch PostgreSQL database), as the server would open it.

interface Target {
  env: NodeJS.ProcessEnv;
  open(): Promise<Database>;
  drop(): Promise<void>;
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function target(): Promise<Target> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-cli-'));
  if (testDbKind === 'postgres') {
    const created = await createScratchDatabase(process.env.TEST_DATABASE_URL!, `yc_cli_${process.pid}`);
    const t = {
      env: { DATA_DIR: dataDir, DATABASE_URL: created.url },
      open: () => openDatabase({ url: created.url, poolSize: 2 }),
      drop: async () => {
        await created.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
    cleanups.push(t.drop);
    return t;
  }
  const t = {
    env: { DATA_DIR: dataDir },
    open: () => openDatabase({ dataDir: `${dataDir}/pglite` }),
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
  cleanups.push(t.drop);
  return t;
}

async function run(argv: string[], env: NodeJS.ProcessEnv, input?: string) {
  const stdin = new PassThrough();
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
  if (input !== undefined) stdin.end(input);
  const code = await operatorCreateCli({ argv, env, stdin, stdout, stderr });
  return { code, out, err };
}

/** Reads what the command left (its own process closed the database). */
async function inspect<T>(t: Target, read: (db: Database['db']) => Promise<T>): Promise<T> {
  const database = await t.open();
  try {
    return await read(database.db);
  } finally {
    await database.close();
  }
}

describe('npm run operator:create', () => {
  it('creates the first 超级管理员 from ADMIN_PASSWORD on an empty database, audited as system:cli', async () => {
    const t = await target();
    const done = await run(['boss'], { ...t.env, ADMIN_PASSWORD: 'First#Pass1' });
    expect(done.err).toBe('');
    expect(done.code).toBe(0);
    expect(done.out).toContain('已创建超级管理员 boss');
    const before = await inspect(t, async (db) => {
      const [row] = await db.select().from(operators).where(eq(operators.username, 'boss'));
      expect(await verifyPassword(row.passwordHash, 'First#Pass1')).toBe(true);
      const granted = await db
        .select({ code: roles.code })
        .from(operatorRoles)
        .innerJoin(roles, eq(roles.id, operatorRoles.roleId))
        .where(eq(operatorRoles.operatorId, row.id));
      expect(granted).toEqual([{ code: 'super_admin' }]);
      const trail = await db
        .select()
        .from(auditLog)
        .where(eq(auditLog.targetId, String(row.id)));
      expect(trail.map((a) => [a.action, a.operatorName])).toEqual([['operator.create', CLI_ACTOR]]);
      expect(JSON.stringify(trail)).not.toContain('First#Pass1');
      // Then forgotten: disabled and locked out (more failed attempts than the window allows).
      await db.update(operators).set({ disabled: true }).where(eq(operators.id, row.id));
      await db
        .insert(loginAttempts)
        .values({ key: `operator:${row.id}`, attempts: 9, windowStart: new Date() });
      return row;
    });

    // The same command resets it, the password piped on standard input (first line only).
    const reset = await run(['boss'], t.env, 'Second#Pass2\nignored second line\n');
    expect(reset.err).toBe('');
    expect(reset.code).toBe(0);
    expect(reset.out).toContain('已重置 boss 的密码并解除登录锁定');
    const database = await t.open();
    const app = await buildApp({
      config: { ...loadConfig(t.env), seedDemoData: false, logLevel: 'silent' },
      database,
      logger: false,
    });
    try {
      const db = database.db;
      const [row] = await db.select().from(operators).where(eq(operators.username, 'boss'));
      expect(row.id).toBe(before.id);
      expect(row.disabled).toBe(false);
      expect(row.sessionVersion).toBe(before.sessionVersion + 1);
      expect(
        await db
          .select()
          .from(loginAttempts)
          .where(eq(loginAttempts.key, `operator:${row.id}`)),
      ).toEqual([]);
      const [audited] = await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'operator.reset_password'), eq(auditLog.targetId, String(row.id))));
      expect(audited.operatorName).toBe(CLI_ACTOR);
      expect(audited.after).toEqual({ disabled: false });
      expect(await db.select().from(operators)).toHaveLength(1);
      // The console signs in with the new password only.
      const login = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/admin/login',
          headers: { origin: 'http://localhost:80' },
          payload: { username: 'boss', password },
        });
      expect((await login('First#Pass1')).statusCode).toBe(400);
      expect((await login('Second#Pass2')).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  }, 240_000);

  it('refuses a weak password with a Chinese and English message before opening any database', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-cli-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const env = { DATA_DIR: dataDir };
    for (const weak of ['Short1!', 'alllowercase123', 'NoDigitsNoSymbols']) {
      const done = await run(['boss'], { ...env, ADMIN_PASSWORD: weak });
      expect(done.code).toBe(1);
      expect(done.err).toContain('密码不符合要求');
      expect(done.err).toContain('Password refused: the password needs at least 10 characters');
    }
    expect((await run(['boss'], env, '')).code).toBe(1);
    const usage = await run([], env);
    expect(usage.code).toBe(2);
    expect(usage.err).toContain('usage: npm run operator:create -- <username>');
    const badName = await run(['Boss Man'], { ...env, ADMIN_PASSWORD: 'Strong#Pass1' });
    expect(badName.code).toBe(2);
    expect(badName.err).toContain('用户名为3-30位');
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('runs as the real script (npm run operator:create) with ADMIN_PASSWORD (PGlite folder or PostgreSQL)', async () => {
    const t = await target();
    const env: NodeJS.ProcessEnv = { ...process.env, ...t.env, ADMIN_PASSWORD: 'Script#Pass3' };
    if (testDbKind === 'pglite') delete env.DATABASE_URL;
    const { stdout } = await promisify(execFile)('npm', ['run', 'operator:create', '--', 'installer'], {
      cwd: repoRoot,
      env,
    });
    expect(stdout).toContain('已创建超级管理员 installer');
    const rows = await inspect(t, (db) => db.select().from(operators));
    expect(rows.map((r) => r.username)).toEqual(['installer']);
  }, 240_000);
});

describe('production start', () => {
  it('with no operator logs the command that creates the first one; demo data asked for warns', async () => {
    const t = await target();
    const database = await t.open();
    const lines: string[] = [];
    const app = await buildApp({
      config: {
        ...loadConfig({ ...t.env, NODE_ENV: 'production', ALLOW_LOG_SMS: '1', ALLOW_DEMO_INVOICE: '1' }),
        logLevel: 'warn',
      },
      database,
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
    await app.close();
    expect(lines.join('')).toContain('npm run operator:create -- <username>');
    expect(lines.join('')).not.toContain('SEED_DEMO_DATA=1');

    const warnings: string[] = [];
    const log = { warn: (message: string) => void warnings.push(message) };
    await productionStartNotices({ db: database.db, log }, { production: true, seedDemoData: true });
    expect(warnings[0]).toContain('SEED_DEMO_DATA=1 under NODE_ENV=production');
    expect(warnings[1]).toContain('npm run operator:create');
    // Once an operator exists the hint goes; outside production nothing is said.
    await database.db.insert(operators).values({ username: 'boss', name: '超级管理员', passwordHash: 'x' });
    warnings.length = 0;
    await productionStartNotices({ db: database.db, log }, { production: true, seedDemoData: false });
    await productionStartNotices({ db: database.db, log }, { production: false, seedDemoData: true });
    expect(warnings).toEqual([]);
    await database.close();
  }, 120_000);
});
