import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3TestServer, startS3Server } from '../../test/s3-server';
import { openS3Storage, type S3FileStorage } from './s3-storage';
import { StorageUnavailable } from './storage';

let s3: S3TestServer;
let storage: S3FileStorage;
beforeAll(async () => {
  s3 = await startS3Server();
  storage = await openS3Storage(s3.settings);
});
afterAll(async () => {
  storage.close();
  await s3.close();
});

describe('S3FileStorage against a local S3 server', () => {
  it('puts, gets, sizes and deletes an object', async () => {
    const bytes = Buffer.from('%PDF-1.4 药检报告');
    await storage.put('first-documents/a.pdf', bytes);
    expect(await storage.get('first-documents/a.pdf')).toEqual(bytes);
    expect(await storage.size('first-documents/a.pdf')).toBe(bytes.length);
    await storage.delete('first-documents/a.pdf');
    expect(await storage.get('first-documents/a.pdf')).toBeUndefined();
  });

  it('answers undefined for a missing object, and deleting one is not an error', async () => {
    expect(await storage.get('uploads/2026-11/none.png')).toBeUndefined();
    expect(await storage.size('uploads/2026-11/none.png')).toBeUndefined();
    await expect(storage.delete('uploads/2026-11/none.png')).resolves.toBeUndefined();
  });

  it('checks the bucket: a missing bucket and wrong keys throw', async () => {
    await expect(storage.check()).resolves.toBeUndefined();
    const other = await openS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(other.check()).rejects.toThrow(/S3 bucket no-such-bucket: .*404/);
    other.close();
    // s3rver knows one key id (it does not verify v4 signatures, so a wrong secret would pass).
    const wrongKey = await openS3Storage({
      ...s3.settings,
      accessKeyId: 'NOBODY',
      secretAccessKey: 'wrong-secret',
    });
    const refused = await wrongKey.check().catch((e: Error) => e);
    expect(String(refused)).toMatch(/S3 bucket yaocai-test: .*403/);
    expect(String(refused)).not.toContain('wrong-secret');
    wrongKey.close();
  });

  it('refuses a key that is not one the server makes', async () => {
    await expect(storage.put('../etc/passwd', Buffer.from('x'))).rejects.toThrow('unsafe storage key');
  });

  it('turns an unreachable store into a 503 in Chinese', async () => {
    await s3.stop();
    try {
      const failed = await storage.put('uploads/2026-11/x.png', Buffer.from('x')).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(StorageUnavailable);
      expect((failed as StorageUnavailable).statusCode).toBe(503);
      expect((failed as StorageUnavailable).message).toBe('文件存储暂时不可用，请稍后重试');
      await expect(storage.get('uploads/2026-11/x.png')).rejects.toBeInstanceOf(StorageUnavailable);
      await expect(storage.check()).rejects.toThrow(/S3 bucket yaocai-test/);
    } finally {
      await s3.start();
    }
    await storage.put('uploads/2026-11/x.png', Buffer.from('x'));
    expect(await storage.size('uploads/2026-11/x.png')).toBe(1);
  });

  it('gives up on a store that takes the connection and never answers (the SDK would wait for ever)', async () => {
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const port = (silent.address() as AddressInfo).port;
    const hung = await openS3Storage(
      { ...s3.settings, endpoint: `http://127.0.0.1:${port}` },
      { idleMs: 300 },
    );
    try {
      const started = Date.now();
      const failed = await hung.put('uploads/2026-11/y.png', Buffer.from('y')).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(StorageUnavailable);
      expect(((failed as StorageUnavailable).cause as Error).name).toBe('TimeoutError');
      // Two attempts of 300 ms of silence each, and the SDK's back-off between them.
      expect(Date.now() - started).toBeLessThan(3000);
    } finally {
      hung.close();
      silent.closeAllConnections();
      silent.close();
    }
  });
});
