import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import {
  type PaymentChannelName,
  paymentChannelsOf,
  readChannelSettings,
} from './lib/payment-channels/channels';
import type { StorageConfig } from './lib/storage';

// This module runs from apps/server/src (tsx) or inlined in apps/server/dist/server.js (the
// compiled server, see build.mjs): both one level under the server package.
const here = path.dirname(fileURLToPath(import.meta.url));
export const serverRoot = path.resolve(here, '..');
export const repoRoot = path.resolve(serverRoot, '../..');

export interface AppConfig {
  port: number;
  host: string;
  /** PostgreSQL connection string; when absent the embedded PGlite in dataDir is used. */
  databaseUrl?: string;
  /** Folder for the embedded database and (with STORAGE=local) uploaded files. */
  dataDir: string;
  /**
   * Where uploaded files live (STORAGE): `local`, DATA_DIR/uploads (default), or `s3`, an
   * S3-compatible bucket (Aliyun OSS, Tencent COS, MinIO) named by the S3_* variables.
   */
  storage: StorageConfig;
  redisUrl?: string;
  /** Starts every Redis key the app writes (sessions, rate limits). */
  redisPrefix: string;
  /** Load demo data into an empty database. */
  seedDemoData: boolean;
  /** Allowed browser origins for state-changing requests (CSRF check); empty = same host only. */
  trustedOrigins: string[];
  /**
   * Proxies whose X-Forwarded-For / -Host / -Proto are believed (TRUST_PROXY: addresses or CIDRs,
   * comma-separated; `loopback`, `linklocal`, `uniquelocal` name the usual ranges). Empty = none:
   * the client address is the socket's and forwarded headers are ignored.
   */
  trustProxy: string[];
  /** Session cookies always carry `Secure` (COOKIE_SECURE=1); otherwise only on https requests. */
  cookieSecure: boolean;
  logLevel: string;
  /** Where the built SPAs live (apps/shop/dist, apps/admin/dist, apps/h5/dist). */
  shopDist: string;
  adminDist: string;
  h5Dist: string;
  /** NODE_ENV=production. */
  production: boolean;
  /**
   * The payment channels besides balance and credit (PAYMENT_PROVIDERS, comma-separated:
   * `wechat`, `alipay`, `transfer`, or `sandbox` which simulates a QR provider for demos and
   * tests; empty or `none` turns them off). Default: `sandbox`, except under NODE_ENV=production
   * where the default is none. The older PAYMENT_PROVIDER (one name) is still read.
   */
  paymentChannels: PaymentChannelName[];
  /** Each named channel's credentials, read and checked at start (lib/payment-channels/channels.ts). */
  paymentSettings: Partial<Record<PaymentChannelName, unknown>>;
  /** ALLOW_SANDBOX_PAY=1: the sandbox may run under NODE_ENV=production (a public demo). */
  sandboxAllowedInProduction: boolean;
  /** SANDBOX_PAY_SECRET: the sandbox's HMAC key; unset = a random one kept in the database. */
  sandboxPaySecret?: string;
  /**
   * The WeChat provider (WECHAT_PROVIDER) of 绑定微信 and 微信登录: `sandbox` simulates the scan in
   * a browser tab, `wechat` is the WeChat Open Platform website login (网站应用微信登录, needs
   * `wechat`), `none` turns WeChat off. Default: `sandbox`, except under NODE_ENV=production.
   */
  wechatProvider: WechatProviderName;
  /** The Open Platform website app, when wechatProvider is `wechat`. */
  wechat?: WechatOpenConfig;
  /** ALLOW_SANDBOX_WECHAT=1: the WeChat sandbox may run under NODE_ENV=production (a public demo). */
  wechatSandboxAllowedInProduction: boolean;
  /**
   * The e-invoice provider (INVOICE_PROVIDER): `demo` draws its own PDF marked 演示 · 非税务发票
   * (refused under NODE_ENV=production unless ALLOW_DEMO_INVOICE=1), `nuonuo` issues 数电发票
   * through 诺诺开放平台 with NUONUO_APP_KEY, NUONUO_APP_SECRET, NUONUO_TOKEN, NUONUO_TAX_NUM
   * (NUONUO_BASE: the services URL, for tests or the sandbox).
   */
  invoice: InvoiceProviderConfig;
  /** The SMS gateway (SMS_PROVIDER, lib/sms.ts) with its credentials; `log` writes codes to the log. */
  sms: SmsConfig;
  /** ALLOW_LOG_SMS=1: SMS_PROVIDER=log may run under NODE_ENV=production (a public demo, the bench). */
  logSmsAllowedInProduction: boolean;
  /**
   * PG_BIN_DIR: the folder of pg_dump, pg_restore and psql for `npm run backup` / `restore` (their
   * major version must not be older than the server's); unset = found on the PATH.
   */
  pgBinDir?: string;
  /** The background jobs (modules/jobs): who runs them and how often. */
  jobs: JobsConfig;
  /** Webhook delivery (modules/webhooks): time-out, parallelism, which addresses may receive. */
  webhooks: WebhooksConfig;
  /**
   * METRICS_PORT: Prometheus's /metrics on a listener of its own (plugins/metrics.ts), never on
   * the public port; unset = no listener and no request metrics.
   */
  metricsPort?: number;
  /** METRICS_HOST: the address of that listener, 127.0.0.1 unless set. */
  metricsHost: string;
  /** Load shedding (plugins/pressure.ts): past a threshold, requests answer 503 at once. */
  pressure: PressureConfig;
  /**
   * OPEN_ORDERS_SETTLE_MS: the open API's order feed lists an order only this long after its last
   * change, so a change still committing (its updated_at taken before the commit) is never passed
   * by a cursor unseen.
   */
  openOrdersSettleMs: number;
}

/** The thresholds of @fastify/under-pressure; 0 turns one off. */
export interface PressureConfig {
  /** PRESSURE_MAX_EVENT_LOOP_DELAY_MS: the mean event loop delay of one sample, default 1000. */
  maxEventLoopDelayMs: number;
  /** PRESSURE_MAX_EVENT_LOOP_UTILIZATION: 0 to 1, default 0 (off: a busy process is not a stalled one). */
  maxEventLoopUtilization: number;
  /** PRESSURE_MAX_HEAP_MB (in MB there): default 90% of V8's heap limit, shedding before an out-of-memory crash. */
  maxHeapUsedBytes: number;
  /** PRESSURE_MAX_RSS_MB (in MB there): default 0 (off). */
  maxRssBytes: number;
  /** How often the figures are sampled (1000 ms; tests sample faster). */
  sampleIntervalMs: number;
  /** The Retry-After of a shed request, in seconds. */
  retryAfterSeconds: number;
}

/**
 * A numeric variable: unset or blank = `fallback`; anything else must be a number within
 * [min, max] (a whole one unless `fraction`), or the start stops naming the variable.
 */
function numberFrom(
  env: NodeJS.ProcessEnv,
  name: string,
  fallback: number,
  { min, max, fraction = false }: { min: number; max: number; fraction?: boolean },
): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || (!fraction && !Number.isInteger(value)) || value < min || value > max)
    throw new Error(
      `${name}=${raw}: expected ${fraction ? 'a number' : 'a whole number'} from ${min} to ${max}`,
    );
  return value;
}

const MB = 1024 * 1024;

/**
 * The thresholds from the environment. Under vitest (`testing`) the delay and heap thresholds
 * default to off, as the job schedules do (jobsConfigOf): a test run on a busy shared machine stalls
 * its loop for a second now and then, which is not an overloaded shop; plugins/pressure.test.ts
 * sets its own.
 */
export function pressureOf(env: NodeJS.ProcessEnv, testing = Boolean(process.env.VITEST)): PressureConfig {
  const heapLimitMb = Math.floor(getHeapStatistics().heap_size_limit / MB);
  return {
    maxEventLoopDelayMs: numberFrom(env, 'PRESSURE_MAX_EVENT_LOOP_DELAY_MS', testing ? 0 : 1000, {
      min: 0,
      max: 60_000,
    }),
    maxEventLoopUtilization: numberFrom(env, 'PRESSURE_MAX_EVENT_LOOP_UTILIZATION', 0, {
      min: 0,
      max: 1,
      fraction: true,
    }),
    maxHeapUsedBytes:
      numberFrom(env, 'PRESSURE_MAX_HEAP_MB', testing ? 0 : Math.floor(heapLimitMb * 0.9), {
        min: 0,
        max: 1024 * 1024,
      }) * MB,
    maxRssBytes: numberFrom(env, 'PRESSURE_MAX_RSS_MB', 0, { min: 0, max: 1024 * 1024 }) * MB,
    sampleIntervalMs: 1000,
    retryAfterSeconds: 10,
  };
}

const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function logLevelOf(env: NodeJS.ProcessEnv): string {
  const level = env.LOG_LEVEL?.trim() || 'info';
  if (!logLevels.includes(level))
    throw new Error(`LOG_LEVEL=${level}: expected one of ${logLevels.join(', ')}`);
  return level;
}

function metricsPortOf(env: NodeJS.ProcessEnv, publicPort: number): number | undefined {
  if (!env.METRICS_PORT?.trim()) return undefined;
  const port = numberFrom(env, 'METRICS_PORT', 0, { min: 1, max: 65_535 });
  if (port === publicPort)
    throw new Error(
      `METRICS_PORT=${port}: must differ from PORT (metrics are never served on the public port)`,
    );
  return port;
}

export interface JobsConfig {
  /**
   * Whether this process runs the background jobs (RUN_JOBS=1 or 0). Default: yes on the embedded
   * database (one process does everything), no with DATABASE_URL, where the worker role
   * (dist/worker.js) works the queue and web processes only when told to.
   */
  runJobs: boolean;
  /** ORDER_SWEEP_SECONDS: unpaid-order expiry and automatic receipt (default 60; 0 = off). */
  orderSweepSeconds: number;
  /** PAYMENT_SWEEP_SECONDS: polling the providers for processing refunds (default 60; 0 = off). */
  paymentSweepSeconds: number;
  /** REMINDER_SWEEP_SECONDS: reminders and points expiry (default 3600, and once at start; 0 = off). */
  reminderSweepSeconds: number;
  /** WEBHOOK_SWEEP_SECONDS: how often due webhook deliveries are sent (default 5; 0 = off). */
  webhookSweepSeconds: number;
  /**
   * JOB_TIMEOUT_SECONDS: a queued job still running after this long (its worker died or hangs)
   * is failed and retried (default 600).
   */
  timeoutSeconds: number;
}

/** A whole number of seconds from `name`, `fallback` when unset; anything else stops the start. */
function secondsOf(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number {
  const value = env[name]?.trim();
  if (!value) return fallback;
  if (!/^\d{1,7}$/.test(value) || Number(value) < min)
    throw new Error(`${name}=${value}: expected a whole number of seconds, at least ${min}`);
  return Number(value);
}

export interface WebhooksConfig {
  /** WEBHOOK_TIMEOUT_SECONDS: how long a receiver may take to answer one delivery (default 5). */
  timeoutMs: number;
  /** WEBHOOK_CONCURRENCY: deliveries sent at once by one process (default 8). */
  concurrency: number;
  /**
   * WEBHOOK_ALLOW_PRIVATE=1 or 0: whether a subscription may name plain http, localhost or a
   * private address (10/8, 172.16/12, 192.168/16, 127/8, ::1, fc00::/7). Default: yes except
   * under NODE_ENV=production. Link-local addresses (169.254/16, the cloud metadata service;
   * fe80::/10) are refused always.
   */
  allowPrivate: boolean;
}

function webhooksConfigOf(env: NodeJS.ProcessEnv): WebhooksConfig {
  const allow = env.WEBHOOK_ALLOW_PRIVATE?.trim();
  if (allow && allow !== '0' && allow !== '1')
    throw new Error(`WEBHOOK_ALLOW_PRIVATE=${allow}: expected 1 or 0`);
  const concurrency = secondsOf(env, 'WEBHOOK_CONCURRENCY', 8, 1);
  if (concurrency > 64) throw new Error(`WEBHOOK_CONCURRENCY=${concurrency}: at most 64`);
  const timeout = secondsOf(env, 'WEBHOOK_TIMEOUT_SECONDS', 5, 1);
  if (timeout > 60) throw new Error(`WEBHOOK_TIMEOUT_SECONDS=${timeout}: at most 60`);
  return {
    timeoutMs: timeout * 1000,
    concurrency,
    allowPrivate: allow ? allow === '1' : env.NODE_ENV !== 'production',
  };
}

function jobsConfigOf(env: NodeJS.ProcessEnv): JobsConfig {
  // Read by the order settings (modules/order/settings.ts) where it overrides the console's
  // setting; checked here so a bad value stops the start instead of being ignored.
  const expire = env.ORDER_EXPIRE_MINUTES?.trim();
  if (expire && (!/^\d{1,5}(\.\d{1,3})?$/.test(expire) || !(Number(expire) > 0) || Number(expire) > 10_080))
    throw new Error(
      `ORDER_EXPIRE_MINUTES=${expire}: expected minutes, more than 0 and at most 10080 (7 days)`,
    );
  const runJobs = env.RUN_JOBS?.trim();
  if (runJobs && runJobs !== '0' && runJobs !== '1')
    throw new Error(`RUN_JOBS=${runJobs}: expected 1 (this process runs the background jobs) or 0`);
  // Under vitest the schedules are off unless a test names them: the tests call the sweeps
  // themselves with their own clock. The process's VITEST, not only `env`'s: test apps and the
  // E2E servers load their configuration from an environment of their own (a reminders run at
  // start cached the order settings before a test wrote its shipping fee).
  const off = (seconds: number) => (env.VITEST || process.env.VITEST ? 0 : seconds);
  return {
    runJobs: runJobs ? runJobs === '1' : !env.DATABASE_URL,
    orderSweepSeconds: secondsOf(env, 'ORDER_SWEEP_SECONDS', off(60)),
    paymentSweepSeconds: secondsOf(env, 'PAYMENT_SWEEP_SECONDS', off(60)),
    reminderSweepSeconds: secondsOf(env, 'REMINDER_SWEEP_SECONDS', off(3600)),
    webhookSweepSeconds: secondsOf(env, 'WEBHOOK_SWEEP_SECONDS', off(5)),
    timeoutSeconds: secondsOf(env, 'JOB_TIMEOUT_SECONDS', 600, 1),
  };
}

export type InvoiceProviderConfig =
  | { provider: 'demo'; allowedInProduction: boolean }
  | {
      provider: 'nuonuo';
      nuonuo: { appKey: string; appSecret: string; token: string; taxNum: string; base: string };
    };

const NUONUO_VARS = ['NUONUO_APP_KEY', 'NUONUO_APP_SECRET', 'NUONUO_TOKEN', 'NUONUO_TAX_NUM'] as const;

function invoiceProviderOf(env: NodeJS.ProcessEnv): InvoiceProviderConfig {
  const name = env.INVOICE_PROVIDER || 'demo';
  if (name === 'demo') return { provider: 'demo', allowedInProduction: env.ALLOW_DEMO_INVOICE === '1' };
  if (name !== 'nuonuo') throw new Error(`INVOICE_PROVIDER=${name}: expected one of demo, nuonuo`);
  const missing = NUONUO_VARS.filter((v) => !env[v]?.trim());
  if (missing.length) throw new Error(`INVOICE_PROVIDER=nuonuo needs ${missing.join(', ')} (not set)`);
  const taxNum = env.NUONUO_TAX_NUM!.trim();
  if (!/^[0-9A-Z]{15,20}$/.test(taxNum))
    throw new Error(
      "NUONUO_TAX_NUM: expected the seller's 纳税人识别号 (15 to 20 digits or capital letters)",
    );
  const base = env.NUONUO_BASE || 'https://sdk.nuonuo.com/open/v1/services';
  if (!/^https?:\/\/[^/]+\/[^/]+\/[^/]+\/[^/]+$/.test(base))
    throw new Error('NUONUO_BASE: expected the services URL, like https://sdk.nuonuo.com/open/v1/services');
  return {
    provider: 'nuonuo',
    nuonuo: {
      appKey: env.NUONUO_APP_KEY!.trim(),
      appSecret: env.NUONUO_APP_SECRET!.trim(),
      token: env.NUONUO_TOKEN!.trim(),
      taxNum,
      base,
    },
  };
}

export const smsProviderNames = ['log', 'aliyun', 'tencent'] as const;
export type SmsProviderName = (typeof smsProviderNames)[number];

export type SmsConfig =
  | { provider: 'log' }
  | {
      provider: 'aliyun';
      accessKeyId: string;
      accessKeySecret: string;
      /** The default sign name (短信签名); 短信设置 in the console may name another. */
      signName: string;
      /** ALIYUN_SMS_ENDPOINT: `https://dysmsapi.aliyuncs.com` unless set (tests: a local double). */
      endpoint: string;
    }
  | {
      provider: 'tencent';
      secretId: string;
      secretKey: string;
      sdkAppId: string;
      signName: string;
      /** TENCENT_SMS_REGION, `ap-guangzhou` unless set. */
      region: string;
      /** TENCENT_SMS_ENDPOINT: `https://sms.tencentcloudapi.com` unless set (tests: a local double). */
      endpoint: string;
    };

/** A variable a named provider needs: missing or blank stops the start, naming it. */
function required(env: NodeJS.ProcessEnv, name: string, provider: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`SMS_PROVIDER=${provider} needs ${name} (missing or empty)`);
  return value;
}

function endpointOf(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const value = env[name]?.trim() || fallback;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}=${value}: expected a URL such as ${fallback}`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new Error(`${name}=${value}: expected an http(s) URL such as ${fallback}`);
  return `${url.protocol}//${url.host}`;
}

function smsConfigOf(env: NodeJS.ProcessEnv): SmsConfig {
  const name = env.SMS_PROVIDER || 'log';
  if (!(smsProviderNames as readonly string[]).includes(name))
    throw new Error(`SMS_PROVIDER=${name}: expected one of ${smsProviderNames.join(', ')}`);
  if (name === 'aliyun')
    return {
      provider: 'aliyun',
      accessKeyId: required(env, 'ALIYUN_SMS_ACCESS_KEY_ID', name),
      accessKeySecret: required(env, 'ALIYUN_SMS_ACCESS_KEY_SECRET', name),
      signName: required(env, 'ALIYUN_SMS_SIGN_NAME', name),
      endpoint: endpointOf(env, 'ALIYUN_SMS_ENDPOINT', 'https://dysmsapi.aliyuncs.com'),
    };
  if (name === 'tencent') {
    const sdkAppId = required(env, 'TENCENT_SMS_SDK_APP_ID', name);
    if (!/^\d+$/.test(sdkAppId))
      throw new Error(
        `TENCENT_SMS_SDK_APP_ID=${sdkAppId}: expected the digits of the SMS application's SdkAppId`,
      );
    return {
      provider: 'tencent',
      secretId: required(env, 'TENCENT_SMS_SECRET_ID', name),
      secretKey: required(env, 'TENCENT_SMS_SECRET_KEY', name),
      sdkAppId,
      signName: required(env, 'TENCENT_SMS_SIGN_NAME', name),
      region: env.TENCENT_SMS_REGION?.trim() || 'ap-guangzhou',
      endpoint: endpointOf(env, 'TENCENT_SMS_ENDPOINT', 'https://sms.tencentcloudapi.com'),
    };
  }
  return { provider: 'log' };
}

export const wechatProviderNames = ['sandbox', 'wechat', 'none'] as const;
export type WechatProviderName = (typeof wechatProviderNames)[number];

/** WECHAT_APPID, WECHAT_SECRET and the optional hosts of the Open Platform website login. */
export interface WechatOpenConfig {
  appId: string;
  /** The website app's AppSecret: sent to WeChat's API only, never logged nor answered. */
  secret: string;
  /** WECHAT_OPEN_BASE: the host of the QR connect page (tests point it at a local double). */
  openBase: string;
  /** WECHAT_API_BASE: the host of /sns/oauth2/access_token and /sns/userinfo. */
  apiBase: string;
  /**
   * WECHAT_REDIRECT_BASE: the origin WeChat sends the browser back to (its domain must be the
   * app's 授权回调域); unset = the first TRUSTED_ORIGINS entry, else the request's own origin.
   */
  redirectBase?: string;
}

const baseUrl = (env: NodeJS.ProcessEnv, name: string, fallback?: string) => {
  const value = env[name] || fallback;
  if (value === undefined) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name}=${value}: expected an http(s) origin such as https://example.com`);
  }
  if (!/^https?:$/.test(url.protocol) || url.pathname.length > 1 || url.search || url.hash)
    throw new Error(`${name}=${value}: expected an http(s) origin such as https://example.com`);
  return url.origin;
};

function wechatOpenOf(env: NodeJS.ProcessEnv): WechatOpenConfig {
  const missing = ['WECHAT_APPID', 'WECHAT_SECRET'].filter((name) => !env[name]);
  if (missing.length > 0)
    throw new Error(
      `WECHAT_PROVIDER=wechat needs ${missing.join(' and ')} (the website app's AppID and AppSecret)`,
    );
  const appId = env.WECHAT_APPID as string;
  const secret = env.WECHAT_SECRET as string;
  if (!/^wx[0-9a-f]{16}$/.test(appId))
    throw new Error('WECHAT_APPID is malformed: expected wx followed by 16 hexadecimal characters');
  // Never echoes the secret.
  if (!/^[0-9A-Za-z]{32}$/.test(secret))
    throw new Error('WECHAT_SECRET is malformed: expected the 32-character AppSecret');
  return {
    appId,
    secret,
    openBase: baseUrl(env, 'WECHAT_OPEN_BASE', 'https://open.weixin.qq.com') as string,
    apiBase: baseUrl(env, 'WECHAT_API_BASE', 'https://api.weixin.qq.com') as string,
    redirectBase: baseUrl(env, 'WECHAT_REDIRECT_BASE'),
  };
}

function wechatProviderOf(env: NodeJS.ProcessEnv): WechatProviderName {
  const name = env.WECHAT_PROVIDER || (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (!(wechatProviderNames as readonly string[]).includes(name))
    throw new Error(`WECHAT_PROVIDER=${name}: expected one of ${wechatProviderNames.join(', ')}`);
  return name as WechatProviderName;
}

function pgBinDirOf(env: NodeJS.ProcessEnv): string | undefined {
  const dir = env.PG_BIN_DIR?.trim();
  if (!dir) return undefined;
  if (!path.isAbsolute(dir) || !existsSync(path.join(dir, 'pg_dump')))
    throw new Error(`PG_BIN_DIR=${dir}: expected an absolute folder holding pg_dump, pg_restore and psql`);
  return dir;
}

/** The embedded database's folder (DATA_DIR/pglite), used when DATABASE_URL is not set. */
export const pgliteDirOf = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'pglite');
/** Where LocalFileStorage keeps uploaded and generated files (DATA_DIR/uploads). */
export const uploadsDirOf = (config: Pick<AppConfig, 'dataDir'>) => path.join(config.dataDir, 'uploads');

const S3_VARS = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
] as const;

function storageConfigOf(env: NodeJS.ProcessEnv): StorageConfig {
  const kind = env.STORAGE?.trim() || 'local';
  if (kind === 'local') return { kind: 'local' };
  if (kind !== 's3') throw new Error(`STORAGE=${kind}: expected local or s3`);
  const missing = S3_VARS.filter((name) => !env[name]?.trim());
  if (missing.length) throw new Error(`STORAGE=s3 needs ${missing.join(', ')} (missing or empty)`);
  const value = (name: (typeof S3_VARS)[number]) => env[name]!.trim();
  const endpoint = value('S3_ENDPOINT');
  let url: URL | undefined;
  try {
    url = new URL(endpoint);
  } catch {}
  if (!url || !/^https?:$/.test(url.protocol) || url.pathname.length > 1 || url.search || url.hash)
    throw new Error(
      `S3_ENDPOINT=${endpoint}: expected the service's http(s) address, like https://s3.oss-cn-hangzhou.aliyuncs.com`,
    );
  const bucket = value('S3_BUCKET');
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket))
    throw new Error(
      `S3_BUCKET=${bucket}: expected a bucket name (3-63 lower-case letters, digits, dots, hyphens)`,
    );
  const region = value('S3_REGION');
  if (!/^[a-z0-9][a-z0-9-]{1,40}$/.test(region))
    throw new Error(
      `S3_REGION=${region}: expected a region name like cn-hangzhou (OSS), ap-guangzhou (COS) or us-east-1 (MinIO)`,
    );
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim() ?? '';
  if (!['', '0', '1', 'true', 'false'].includes(pathStyle))
    throw new Error(`S3_FORCE_PATH_STYLE=${pathStyle}: expected 1 (path-style, MinIO) or 0`);
  return {
    kind: 's3',
    endpoint: url.origin,
    bucket,
    region,
    // Never echoed: a malformed key is the store's to refuse (storage check, first upload).
    accessKeyId: value('S3_ACCESS_KEY_ID'),
    secretAccessKey: value('S3_SECRET_ACCESS_KEY'),
    forcePathStyle: pathStyle === '1' || pathStyle === 'true',
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const paymentChannels = paymentChannelsOf(env);
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  const port = numberFrom(env, 'PORT', 3000, { min: 0, max: 65_535 });
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
    storage: storageConfigOf(env),
    redisUrl: env.REDIS_URL || undefined,
    redisPrefix: env.REDIS_PREFIX || 'yc:',
    // Demo data (with its published demo passwords) only where asked for: on by default for the
    // one-command demo, off under NODE_ENV=production unless SEED_DEMO_DATA=1.
    seedDemoData: env.SEED_DEMO_DATA ? env.SEED_DEMO_DATA !== '0' : env.NODE_ENV !== 'production',
    trustedOrigins: (env.TRUSTED_ORIGINS ?? '').split(',').filter(Boolean),
    trustProxy: (env.TRUST_PROXY ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
    cookieSecure: env.COOKIE_SECURE === '1',
    logLevel: logLevelOf(env),
    shopDist: path.join(repoRoot, 'apps/shop/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
    h5Dist: path.join(repoRoot, 'apps/h5/dist'),
    production: env.NODE_ENV === 'production',
    paymentChannels,
    paymentSettings: readChannelSettings(paymentChannels, env),
    sandboxAllowedInProduction: env.ALLOW_SANDBOX_PAY === '1',
    sandboxPaySecret: env.SANDBOX_PAY_SECRET || undefined,
    wechatProvider: wechatProviderOf(env),
    wechat: wechatProviderOf(env) === 'wechat' ? wechatOpenOf(env) : undefined,
    wechatSandboxAllowedInProduction: env.ALLOW_SANDBOX_WECHAT === '1',
    invoice: invoiceProviderOf(env),
    sms: smsConfigOf(env),
    logSmsAllowedInProduction: env.ALLOW_LOG_SMS === '1',
    pgBinDir: pgBinDirOf(env),
    jobs: jobsConfigOf(env),
    webhooks: webhooksConfigOf(env),
    metricsPort: metricsPortOf(env, port),
    metricsHost: env.METRICS_HOST?.trim() || '127.0.0.1',
    pressure: pressureOf(env),
    openOrdersSettleMs: numberFrom(env, 'OPEN_ORDERS_SETTLE_MS', 2000, { min: 0, max: 600_000 }),
  };
}
