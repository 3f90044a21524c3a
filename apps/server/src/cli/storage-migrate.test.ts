import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { openS3Storage, type S3FileStorage } from '../lib/s3-storage';
import { storageMigrateCli } from './storage-migrate';

let s3: S3TestServer;
let bucket: S3FileStorage;
let dataDir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  bucket = await openS3Storage(s3.settings);
  dataDir = mkdtempSync(path.join(tmpdir(), 'yaocai-migrate-'));
});
afterAll(async () => {
  bucket?.close();
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Files as LocalFileStorage keeps them: DATA_DIR/uploads/<key>. */
function keep(key: string, text: string) {
  const file = path.join(dataDir, 'uploads', key);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

async function run(env: NodeJS.ProcessEnv) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const out: string[] = [];
  const err: string[] = [];
  stdout.on('data', (chunk) => out.push(String(chunk)));
  stderr.on('data', (chunk) => err.push(String(chunk)));
  const code = await storageMigrateCli({ env, stdout, stderr });
  return { code, out: out.join(''), err: err.join('') };
}

describe('npm run storage:migrate', () => {
  it('copies DATA_DIR/uploads into the bucket under the same keys, then skips what is there', async () => {
    keep('uploads/2026-11/a1.png', 'licence picture');
    keep('goods-images/0b6c.png', 'goods picture');
    keep('first-documents/f2.pdf', '%PDF-1.4 papers');
    keep('uploads/2026-11/notes~', 'an editor backup');
    const env = { DATA_DIR: dataDir, ...s3.env };

    const first = await run(env);
    expect(first.code, first.err).toBe(0);
    expect(first.out).toContain('(copied 3, skipped 0 already there, failed 0, ignored 1)');
    expect(first.out).toContain('已复制 3 个，已存在跳过 0 个，失败 0 个，忽略 1 个');
    expect(first.err).toContain('uploads/2026-11/notes~');
    expect(String(await bucket.get('uploads/2026-11/a1.png'))).toBe('licence picture');
    expect(String(await bucket.get('goods-images/0b6c.png'))).toBe('goods picture');
    expect(String(await bucket.get('first-documents/f2.pdf'))).toBe('%PDF-1.4 papers');

    const again = await run(env);
    expect(again.code).toBe(0);
    expect(again.out).toContain('(copied 0, skipped 3 already there, failed 0, ignored 1)');

    // A file of another size in the bucket (an interrupted copy, a changed file) is copied again.
    await bucket.put('goods-images/0b6c.png', Buffer.from('half'));
    keep('uploads/2026-12/new.png', 'uploaded since');
    const third = await run(env);
    expect(third.out).toContain('(copied 2, skipped 2 already there, failed 0, ignored 1)');
    expect(String(await bucket.get('goods-images/0b6c.png'))).toBe('goods picture');
  });

  it('refuses to run without STORAGE=s3, and names a missing variable', async () => {
    const local = await run({ DATA_DIR: dataDir });
    expect(local.code).toBe(2);
    expect(local.err).toContain('set STORAGE=s3 and the S3_* variables');
    const missing = await run({ DATA_DIR: dataDir, ...s3.env, S3_BUCKET: '' });
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('STORAGE=s3 needs S3_BUCKET');
  });

  it('stops at once, copying nothing, when the bucket cannot be reached', async () => {
    await s3.stop();
    try {
      const down = await run({ DATA_DIR: dataDir, ...s3.env });
      expect(down.code).toBe(1);
      expect(down.err).toMatch(/^无法访问存储桶 \(bucket unreachable\): S3 bucket yaocai-test/);
      expect(down.out).toBe('');
    } finally {
      await s3.start();
    }
  });

  it('counts nothing when DATA_DIR has no uploads', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'yaocai-migrate-empty-'));
    try {
      const result = await run({ DATA_DIR: empty, ...s3.env });
      expect(result.code).toBe(0);
      expect(result.out).toContain('(copied 0, skipped 0 already there, failed 0, ignored 0)');
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
