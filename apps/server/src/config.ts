import path from 'node:path';
import { fileURLToPath } from 'node:url';

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
  /** Folder for the embedded database and uploaded files. */
  dataDir: string;
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
  /** Where the built SPAs live (apps/shop/dist, apps/admin/dist). */
  shopDist: string;
  adminDist: string;
  siteTitle: string;
  /** NODE_ENV=production. */
  production: boolean;
  /**
   * The online payment provider (PAYMENT_PROVIDER): `sandbox` simulates one for demos and tests,
   * `none` turns online payment off. Default: `sandbox`, except under NODE_ENV=production.
   */
  paymentProvider: PaymentProviderName;
  /** ALLOW_SANDBOX_PAY=1: the sandbox may run under NODE_ENV=production (a public demo). */
  sandboxAllowedInProduction: boolean;
  /** SANDBOX_PAY_SECRET: the sandbox's HMAC key; unset = a random one kept in the database. */
  sandboxPaySecret?: string;
  /**
   * The WeChat provider (WECHAT_PROVIDER) of 绑定微信 and 微信登录: `sandbox` simulates the scan in
   * a browser tab, `none` turns WeChat off. Default: `sandbox`, except under NODE_ENV=production.
   */
  wechatProvider: WechatProviderName;
  /** ALLOW_SANDBOX_WECHAT=1: the WeChat sandbox may run under NODE_ENV=production (a public demo). */
  wechatSandboxAllowedInProduction: boolean;
  /** The SMS gateway (SMS_PROVIDER, lib/sms.ts) with its credentials; `log` writes codes to the log. */
  sms: SmsConfig;
  /** ALLOW_LOG_SMS=1: SMS_PROVIDER=log may run under NODE_ENV=production (a public demo, the bench). */
  logSmsAllowedInProduction: boolean;
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

export const wechatProviderNames = ['sandbox', 'none'] as const;
export type WechatProviderName = (typeof wechatProviderNames)[number];

function wechatProviderOf(env: NodeJS.ProcessEnv): WechatProviderName {
  const name = env.WECHAT_PROVIDER || (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (!(wechatProviderNames as readonly string[]).includes(name))
    throw new Error(`WECHAT_PROVIDER=${name}: expected one of ${wechatProviderNames.join(', ')}`);
  return name as WechatProviderName;
}

export const paymentProviderNames = ['sandbox', 'none'] as const;
export type PaymentProviderName = (typeof paymentProviderNames)[number];

function paymentProviderOf(env: NodeJS.ProcessEnv): PaymentProviderName {
  const name = env.PAYMENT_PROVIDER || (env.NODE_ENV === 'production' ? 'none' : 'sandbox');
  if (!(paymentProviderNames as readonly string[]).includes(name))
    throw new Error(`PAYMENT_PROVIDER=${name}: expected one of ${paymentProviderNames.join(', ')}`);
  return name as PaymentProviderName;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir,
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
    logLevel: env.LOG_LEVEL ?? 'info',
    shopDist: path.join(repoRoot, 'apps/shop/dist'),
    adminDist: path.join(repoRoot, 'apps/admin/dist'),
    siteTitle: env.SITE_TITLE ?? '药采',
    production: env.NODE_ENV === 'production',
    paymentProvider: paymentProviderOf(env),
    sandboxAllowedInProduction: env.ALLOW_SANDBOX_PAY === '1',
    sandboxPaySecret: env.SANDBOX_PAY_SECRET || undefined,
    wechatProvider: wechatProviderOf(env),
    wechatSandboxAllowedInProduction: env.ALLOW_SANDBOX_WECHAT === '1',
    sms: smsConfigOf(env),
    logSmsAllowedInProduction: env.ALLOW_LOG_SMS === '1',
  };
}
