import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from './errors';

/**
 * Where uploaded bytes live: a local folder by default, an S3-compatible bucket in production
 * (s3-storage.ts). Keys are relative paths like `uploads/2026-11/<hex>.png`, the same in both.
 */
export interface FileStorage {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes, or undefined when no object has the key. */
  get(key: string): Promise<Buffer | undefined>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** The object's size in bytes, or undefined when it is missing (storage:migrate compares it). */
  size(key: string): Promise<number | undefined>;
  /** Throws when the store cannot take files now (the readiness check asks). */
  check(): Promise<void>;
}

/** Which store the server uses (STORAGE, config.ts). */
export type StorageConfig = { kind: 'local' } | ({ kind: 's3' } & S3Settings);

/** The bucket of STORAGE=s3 (S3_* variables). */
export interface S3Settings {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  /** Sent to the SDK only, never logged. */
  secretAccessKey: string;
  /** Path-style URLs (MinIO); virtual-hosted style otherwise (Aliyun OSS, Tencent COS). */
  forcePathStyle: boolean;
}

const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]{0,200}$/;

/** Keys come from the server, never from a request; anything else is a programming error. */
export function assertSafeKey(key: string): string {
  if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
  return key;
}

export const isSafeKey = (key: string) => SAFE_KEY.test(key) && !key.includes('..');

/**
 * The store could not be reached or refused the operation: the person is asked to try again
 * (503), and the operation with its cause is logged (plugins/envelope.ts). Whoever called `put`
 * records nothing, so no row points at a missing object.
 */
export class StorageUnavailable extends AppError {
  constructor(
    readonly operation: string,
    cause: unknown,
  ) {
    super(503, '文件存储暂时不可用，请稍后重试');
    this.name = 'StorageUnavailable';
    this.cause = cause;
  }
}

export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private pathOf(key: string) {
    return path.join(this.root, assertSafeKey(key));
  }

  async put(key: string, bytes: Buffer) {
    const file = this.pathOf(key);
    try {
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
    } catch (error) {
      throw new StorageUnavailable(`put ${key}`, error);
    }
  }

  async get(key: string) {
    const file = this.pathOf(key);
    try {
      return await readFile(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new StorageUnavailable(`get ${key}`, error);
    }
  }

  async delete(key: string) {
    await rm(this.pathOf(key), { force: true });
  }

  async size(key: string) {
    const file = this.pathOf(key);
    try {
      return (await stat(file)).size;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw new StorageUnavailable(`size ${key}`, error);
    }
  }

  /** The folder can be created and written to (a probe file, removed at once). */
  async check() {
    const probe = path.join(this.root, `.check-${randomBytes(6).toString('hex')}`);
    try {
      await mkdir(this.root, { recursive: true });
      await writeFile(probe, '');
    } catch (error) {
      throw new Error(`storage folder ${this.root} is not writable: ${(error as Error).message}`);
    }
    await rm(probe, { force: true });
  }
}
