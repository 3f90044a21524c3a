// WeChat Pay (API v3, 微信支付公钥 mode) settings, read from the environment at start. Kept free
// of database and HTTP imports (channels.ts reads it before anything else starts). A
// missing or malformed variable stops the start with a message naming it, never its value.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

export interface WechatPaySettings {
  mchid: string;
  appid: string;
  /** The merchant API private key (apiclient_key.pem): signs our requests. */
  privateKey: KeyObject;
  /** The merchant API certificate's serial number (serial_no in our Authorization). */
  mchSerial: string;
  /** The APIv3 key (32 bytes): decrypts notifications' resources (AEAD_AES_256_GCM). */
  apiV3Key: Buffer;
  /** 微信支付公钥: verifies WeChat Pay's answers and notifications. */
  publicKey: KeyObject;
  /** Its id (PUB_KEY_ID_…), which WeChat Pay names in Wechatpay-Serial. */
  publicKeyId: string;
  /** Where WeChat Pay sends payment notifications: ${PAYMENT_NOTIFY_BASE}/api/pay/notify/wechat. */
  notifyUrl: string;
  /** https://api.mch.weixin.qq.com/ unless WECHATPAY_BASE (a local double in tests). */
  baseUrl: string;
  /** How long one call may take before it is a ProviderError. */
  timeoutMs: number;
}

const CHANNEL = 'wechat';
const fail = (message: string) => new Error(`payment channel ${CHANNEL}: ${message}`);

/** A required variable (as channels.ts' `required`; not imported, to keep the imports acyclic). */
function required(env: NodeJS.ProcessEnv, name: string, channel: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`payment channel ${channel}: ${name} is not set`);
  return value;
}

/** A PEM given inline (with real or escaped newlines) or the path of a file holding it. */
function pemOf(env: NodeJS.ProcessEnv, name: string): string {
  const value = required(env, name, CHANNEL);
  if (value.includes('-----BEGIN')) return value.replace(/\\n/g, '\n');
  try {
    return readFileSync(value.replace(/^file:\/\//, ''), 'utf8');
  } catch {
    throw fail(`${name} is neither a PEM key nor a readable file`);
  }
}

function privateKeyOf(env: NodeJS.ProcessEnv, name: string) {
  const pem = pemOf(env, name);
  try {
    const key = createPrivateKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not rsa');
    return key;
  } catch {
    throw fail(`${name} is not a valid RSA private key in PEM format`);
  }
}

function publicKeyOf(env: NodeJS.ProcessEnv, name: string) {
  const pem = pemOf(env, name);
  try {
    const key = createPublicKey(pem);
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not rsa');
    return key;
  } catch {
    throw fail(`${name} is not a valid RSA public key in PEM format`);
  }
}

function urlOf(name: string, value: string, httpsOnly = false) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw fail(`${name} is not a URL`);
  }
  if (url.protocol !== 'https:' && (httpsOnly || url.protocol !== 'http:'))
    throw fail(`${name} must be an ${httpsOnly ? 'https' : 'http(s)'} URL`);
  if (url.search || url.hash) throw fail(`${name} must have no query or fragment`);
  return url;
}

export function readWechatPaySettings(env: NodeJS.ProcessEnv): WechatPaySettings {
  const mchid = required(env, 'WECHATPAY_MCHID', CHANNEL);
  if (!/^\d{6,32}$/.test(mchid)) throw fail('WECHATPAY_MCHID must be the merchant number (digits)');
  const appid = required(env, 'WECHATPAY_APPID', CHANNEL);
  if (!/^[A-Za-z0-9_]{6,32}$/.test(appid)) throw fail('WECHATPAY_APPID is not an AppID');
  const privateKey = privateKeyOf(env, 'WECHATPAY_MCH_PRIVATE_KEY');
  const mchSerial = required(env, 'WECHATPAY_MCH_SERIAL', CHANNEL);
  if (!/^[0-9A-Fa-f]{8,64}$/.test(mchSerial))
    throw fail('WECHATPAY_MCH_SERIAL must be the merchant certificate serial number (hex)');
  const apiV3Key = Buffer.from(required(env, 'WECHATPAY_APIV3_KEY', CHANNEL), 'utf8');
  if (apiV3Key.length !== 32) throw fail('WECHATPAY_APIV3_KEY must be 32 bytes');
  const publicKey = publicKeyOf(env, 'WECHATPAY_PUBLIC_KEY');
  const publicKeyId = required(env, 'WECHATPAY_PUBLIC_KEY_ID', CHANNEL);
  if (!/^[A-Za-z0-9_]{4,128}$/.test(publicKeyId)) throw fail('WECHATPAY_PUBLIC_KEY_ID is not a key id');
  if (publicKeyId === mchSerial)
    throw fail('WECHATPAY_PUBLIC_KEY_ID names the merchant certificate, not the WeChat Pay public key');
  // WeChat Pay notifies https addresses only.
  const notifyBase = urlOf('PAYMENT_NOTIFY_BASE', required(env, 'PAYMENT_NOTIFY_BASE', CHANNEL), true);
  const base = urlOf('WECHATPAY_BASE', env.WECHATPAY_BASE?.trim() || 'https://api.mch.weixin.qq.com/');
  const timeout = env.WECHATPAY_TIMEOUT_MS?.trim();
  const timeoutMs = timeout ? Number(timeout) : 10_000;
  if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000)
    throw fail('WECHATPAY_TIMEOUT_MS must be milliseconds between 100 and 60000');
  return {
    mchid,
    appid,
    privateKey,
    mchSerial,
    apiV3Key,
    publicKey,
    publicKeyId,
    notifyUrl: `${notifyBase.href.replace(/\/+$/, '')}/api/pay/notify/${CHANNEL}`,
    baseUrl: base.href.endsWith('/') ? base.href : `${base.href}/`,
    timeoutMs,
  };
}
