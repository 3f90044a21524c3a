import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { uploadsDirOf } from '../config';
import { openS3Storage, S3FileStorage } from '../lib/s3-storage';
import { type FileStorage, LocalFileStorage, type StorageConfig } from '../lib/storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

/** The store STORAGE names: DATA_DIR/uploads (default) or the S3_* bucket. */
export async function openFileStorage(config: StorageConfig, dataDir: string): Promise<FileStorage> {
  if (config.kind === 's3') return openS3Storage(config);
  return new LocalFileStorage(uploadsDirOf({ dataDir }));
}

/** app.storage: every upload, file download and demo picture goes through it. */
export const storagePlugin = fp(
  async (
    app: FastifyInstance,
    options: { storage?: FileStorage; config: StorageConfig; dataDir: string },
  ) => {
    if (options.storage) {
      app.decorate('storage', options.storage);
      return;
    }
    const storage = await openFileStorage(options.config, options.dataDir);
    app.decorate('storage', storage);
    // The S3 client keeps sockets open; the app closes what it opened.
    if (storage instanceof S3FileStorage) app.addHook('onClose', async () => storage.close());
  },
);
