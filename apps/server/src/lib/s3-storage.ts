import type { S3Client } from '@aws-sdk/client-s3';
import { assertSafeKey, type FileStorage, type S3Settings, StorageUnavailable } from './storage';

// Files in an S3-compatible bucket (Aliyun OSS, Tencent COS, MinIO, AWS) through the official
// SDK. The SDK is loaded only when STORAGE=s3, so the demo's start does not pay for it. Objects
// stay private: the app reads them after its own access checks and streams them, as with disk.

type Sdk = typeof import('@aws-sdk/client-s3');

/** A missing object or bucket: S3 says NoSuchKey (GET) or a bare 404 (HEAD). */
function isMissing(error: unknown) {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e?.name === 'NoSuchKey' || e?.name === 'NotFound' || e?.$metadata?.httpStatusCode === 404;
}

/** What an error says without its request (no header, so no signature, ever reaches a log). */
function reasonOf(error: unknown) {
  const e = error as {
    name?: string;
    message?: string;
    code?: string;
    $metadata?: { httpStatusCode?: number };
  };
  const status = e?.$metadata?.httpStatusCode;
  return [e?.name, e?.code, status && `HTTP ${status}`, e?.message].filter(Boolean).join(' ');
}

export class S3FileStorage implements FileStorage {
  constructor(
    private readonly sdk: Sdk,
    private readonly client: S3Client,
    private readonly bucket: string,
  ) {}

  async put(key: string, bytes: Buffer) {
    const command = new this.sdk.PutObjectCommand({
      Bucket: this.bucket,
      Key: assertSafeKey(key),
      Body: bytes,
    });
    try {
      await this.client.send(command);
    } catch (error) {
      throw new StorageUnavailable(`PutObject ${key}`, error);
    }
  }

  async get(key: string) {
    const command = new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) });
    try {
      const answer = await this.client.send(command);
      if (!answer.Body) return Buffer.alloc(0);
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new StorageUnavailable(`GetObject ${key}`, error);
    }
  }

  async delete(key: string) {
    const command = new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) });
    try {
      await this.client.send(command);
    } catch (error) {
      if (isMissing(error)) return;
      throw new StorageUnavailable(`DeleteObject ${key}`, error);
    }
  }

  async size(key: string) {
    const command = new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: assertSafeKey(key) });
    try {
      return (await this.client.send(command)).ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw new StorageUnavailable(`HeadObject ${key}`, error);
    }
  }

  /** HeadBucket: the endpoint answers, the keys are accepted and the bucket exists. */
  async check() {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      throw new Error(`S3 bucket ${this.bucket}: ${reasonOf(error)}`);
    }
  }

  close() {
    this.client.destroy();
  }
}

/**
 * Loads the SDK and makes the client; nothing is sent until the first call. `idleMs`: how long
 * a connection may stay silent (tests shorten it).
 */
export async function openS3Storage(settings: S3Settings, { idleMs = 5000 } = {}): Promise<S3FileStorage> {
  const sdk = await import('@aws-sdk/client-s3');
  const client = new sdk.S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // OSS, COS and older MinIO releases do not all take the CRC checksums the SDK adds by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // A store that does not answer costs an upload about ten seconds, not forever: the SDK
    // otherwise waits without limit (its requestTimeout only warns unless told to throw).
    maxAttempts: 2,
    requestHandler: {
      connectionTimeout: 3000,
      socketTimeout: idleMs,
      requestTimeout: 60_000,
      throwOnRequestTimeout: true,
    },
  });
  return new S3FileStorage(sdk, client, settings.bucket);
}
