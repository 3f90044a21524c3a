import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalFileStorage, StorageUnavailable } from './storage';

const dir = mkdtempSync(path.join(tmpdir(), 'yaocai-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('LocalFileStorage', () => {
  it('keeps bytes under its folder and tells their size', async () => {
    const storage = new LocalFileStorage(path.join(dir, 'uploads'));
    await storage.check();
    await storage.put('goods-images/a.png', Buffer.from('png'));
    expect(await storage.get('goods-images/a.png')).toEqual(Buffer.from('png'));
    expect(await storage.size('goods-images/a.png')).toBe(3);
    await storage.delete('goods-images/a.png');
    expect(await storage.get('goods-images/a.png')).toBeUndefined();
    expect(await storage.size('goods-images/a.png')).toBeUndefined();
  });

  it('fails its check, and answers a 503 for a put, when the folder cannot be written', async () => {
    // A file where the folder should be: not writable even for root.
    writeFileSync(path.join(dir, 'blocked'), 'x');
    const storage = new LocalFileStorage(path.join(dir, 'blocked', 'uploads'));
    await expect(storage.check()).rejects.toThrow(/storage folder .*blocked.* is not writable/);
    const failed = await storage.put('uploads/a.png', Buffer.from('x')).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(StorageUnavailable);
    expect((failed as StorageUnavailable).statusCode).toBe(503);
  });
});
