import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Where uploaded bytes live: a local folder by default, an S3-compatible store in production. */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  delete(key: string): Promise<void>;
  /**
   * Throws when the store cannot take a file now (readiness, /api/health/ready). Its message may
   * be logged, so it names the store's place, never a credential.
   */
  check?(): Promise<void>;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, bytes: Buffer) {
    const file = this.pathOf(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
  }

  async get(key: string) {
    try {
      return await readFile(this.pathOf(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  /** Writes and removes a probe file: the folder exists (or can be made) and takes writes. */
  async check() {
    await mkdir(this.root, { recursive: true });
    // A dot name no upload key can have (SAFE_KEY starts with a letter or digit).
    const probe = path.join(this.root, `.ready-${randomUUID()}`);
    await writeFile(probe, '');
    await rm(probe, { force: true });
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export const storagePlugin = fp(
  async (app: FastifyInstance, options: { storage?: FileStorage; root: string }) => {
    app.decorate('storage', options.storage ?? new LocalFileStorage(options.root));
  },
);
