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
   * a browser tab, `wechat` is the WeChat Open Platform website login (网站应用微信登录, needs
   * `wechat`), `none` turns WeChat off. Default: `sandbox`, except under NODE_ENV=production.
   */
  wechatProvider: WechatProviderName;
  /** The Open Platform website app, when wechatProvider is `wechat`. */
  wechat?: WechatOpenConfig;
  /** ALLOW_SANDBOX_WECHAT=1: the WeChat sandbox may run under NODE_ENV=production (a public demo). */
  wechatSandboxAllowedInProduction: boolean;
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
    wechat: wechatProviderOf(env) === 'wechat' ? wechatOpenOf(env) : undefined,
    wechatSandboxAllowedInProduction: env.ALLOW_SANDBOX_WECHAT === '1',
  };
}
