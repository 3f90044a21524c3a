// The Alipay channel's settings, read from the environment at start (channels.ts calls
// readAlipaySettings). Free of database and HTTP imports. A missing or malformed variable stops
// the start with a message that names it and never shows its value.
import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';

export const ALIPAY_DEFAULT_GATEWAY = 'https://openapi.alipay.com/gateway.do';

export interface AlipaySettings {
  appId: string;
  /** The app's private key (signs our requests), normalised to PKCS#8 PEM. */
  privateKey: string;
  /** Alipay's public key (verifies its answers and notifications), SPKI PEM. */
  alipayPublicKey: string;
  /** Where Alipay posts its asynchronous notifications. */
  notifyUrl: string;
  gateway: string;
  /** How long one call to the gateway may take. */
  timeoutMs: number;
}

const fail = (name: string, what: string) => new Error(`payment channel alipay: ${name} ${what}`);

/** A required variable's value, or a start-stopping error naming it (as channels.ts' required). */
function need(env: NodeJS.ProcessEnv, name: string): string {
  const value = env[name]?.trim();
  if (!value) throw fail(name, 'is not set');
  return value;
}

/**
 * A key given as PEM, as the bare base64 that Alipay's key tool prints, or as the path of a file
 * holding either. Returns the text to parse; never echoes the value in an error.
 */
function keyText(name: string, value: string): string {
  if (value.includes('-----BEGIN') || /^[A-Za-z0-9+/=\s]{200,}$/.test(value)) return value;
  if (!existsSync(value)) throw fail(name, 'is neither a PEM key nor the path of a readable key file');
  return readFileSync(value, 'utf8').trim();
}

/** Parses PEM, or bare base64 DER in each of the given encodings, whichever reads. */
function parseKey<T extends string>(
  text: string,
  parse: (input: { key: string | Buffer; format: 'pem' | 'der'; type?: T }) => KeyObject,
  derTypes: T[],
): KeyObject | undefined {
  const attempts: (() => KeyObject)[] = text.includes('-----BEGIN')
    ? [() => parse({ key: text, format: 'pem' })]
    : derTypes.map(
        (type) => () => parse({ key: Buffer.from(text.replace(/\s/g, ''), 'base64'), format: 'der', type }),
      );
  for (const attempt of attempts) {
    try {
      const key = attempt();
      if (key.asymmetricKeyType === 'rsa') return key;
    } catch {
      // try the next encoding
    }
  }
  return undefined;
}

export function readAlipaySettings(env: NodeJS.ProcessEnv): AlipaySettings {
  const appId = need(env, 'ALIPAY_APP_ID');
  if (!/^\d{10,32}$/.test(appId)) throw fail('ALIPAY_APP_ID', 'is not an Alipay app id (digits)');

  const privateText = keyText('ALIPAY_PRIVATE_KEY', need(env, 'ALIPAY_PRIVATE_KEY'));
  const privateKey = parseKey(privateText, createPrivateKey, ['pkcs8', 'pkcs1']);
  if (!privateKey)
    throw fail('ALIPAY_PRIVATE_KEY', 'is not an RSA private key (PEM or base64, PKCS#1 or PKCS#8)');

  const publicText = keyText('ALIPAY_PUBLIC_KEY', need(env, 'ALIPAY_PUBLIC_KEY'));
  const publicKey = parseKey(publicText, createPublicKey, ['spki', 'pkcs1']);
  if (!publicKey) throw fail('ALIPAY_PUBLIC_KEY', "is not Alipay's RSA public key (PEM or base64)");

  const base = need(env, 'PAYMENT_NOTIFY_BASE');
  const gateway = env.ALIPAY_GATEWAY?.trim() || ALIPAY_DEFAULT_GATEWAY;
  if (!isHttpUrl(base)) throw fail('PAYMENT_NOTIFY_BASE', 'is not an http(s) URL');
  if (!isHttpUrl(gateway)) throw fail('ALIPAY_GATEWAY', 'is not an http(s) URL');
  const timeoutMs = Number(env.ALIPAY_TIMEOUT_MS ?? 5000);
  if (!(Number.isInteger(timeoutMs) && timeoutMs > 0))
    throw fail('ALIPAY_TIMEOUT_MS', 'is not a whole number of milliseconds');

  return {
    appId,
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    alipayPublicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    notifyUrl: `${base.replace(/\/+$/, '')}/api/pay/notify/alipay`,
    gateway,
    timeoutMs,
  };
}

function isHttpUrl(text: string) {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
}
