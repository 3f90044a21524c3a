import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings, StorageConfig } from '../src/lib/storage';

/**
 * A local S3-compatible server (s3rver: signature v4 checked with its fixed key pair S3RVER /
 * S3RVER, objects in a temporary folder) with one bucket, for the STORAGE=s3 tests. `stop` and
 * `start` take it away and bring it back on the same port with the same objects.
 */
export async function startS3Server(bucket = 'yaocai-test') {
  const directory = mkdtempSync(path.join(tmpdir(), 'yaocai-s3-'));
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    const next = new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: [{ name: bucket }],
    });
    port = (await next.run()).port;
    server = next;
  };
  await start();
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  return {
    settings,
    storage: { kind: 's3', ...settings } as StorageConfig,
    /** The same bucket as STORAGE=s3 environment variables. */
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: settings.endpoint,
      S3_BUCKET: bucket,
      S3_REGION: settings.region,
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: '1',
    },
    start,
    async stop() {
      await server?.close();
      server = undefined;
    },
    async close() {
      await server?.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
