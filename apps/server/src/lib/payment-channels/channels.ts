// Which payment channels run, and each one's credentials, read from the environment at start.
// Kept free of database and HTTP imports: config.ts reads it before anything else starts. A
// named channel whose credentials are missing or malformed stops the start with a message
// naming the variable; secrets are kept only in the returned settings, never logged.
import { readAlipaySettings } from './alipay';
import { readWechatPaySettings } from './wechat';

/** Every channel the server knows (besides the store's own balance and credit). */
export const paymentChannelNames = ['sandbox', 'wechat', 'alipay', 'transfer'] as const;
export type PaymentChannelName = (typeof paymentChannelNames)[number];

/** The channels a payer completes by scanning a QR code at a provider (transfer is offline). */
export const onlineChannelNames = ['sandbox', 'wechat', 'alipay'] as const;
export type OnlineChannelName = (typeof onlineChannelNames)[number];

/**
 * PAYMENT_PROVIDERS (comma-separated), or the older PAYMENT_PROVIDER (one name); `none` or empty
 * is no channel. Default: the sandbox and bank transfer (demo), none under NODE_ENV=production.
 */
export function paymentChannelsOf(env: NodeJS.ProcessEnv): PaymentChannelName[] {
  const variable = env.PAYMENT_PROVIDERS !== undefined ? 'PAYMENT_PROVIDERS' : 'PAYMENT_PROVIDER';
  const given = env[variable] ?? (env.NODE_ENV === 'production' ? 'none' : 'sandbox,transfer');
  const names = given
    .split(',')
    .map((n) => n.trim())
    .filter((n) => n && n !== 'none');
  for (const name of names)
    if (!(paymentChannelNames as readonly string[]).includes(name))
      throw new Error(
        `${variable}=${given}: unknown channel ${name}; expected ${paymentChannelNames.join(', ')} or none`,
      );
  return [...new Set(names)] as PaymentChannelName[];
}

/** Reads one channel's settings from the environment; throws naming a missing variable. */
type SettingsReader = (env: NodeJS.ProcessEnv) => unknown;

/** A required variable: its value, or a start-stopping error that names it (never its value). */
export function required(env: NodeJS.ProcessEnv, name: string, channel: string): string {
  const value = env[name]?.trim();
  if (!value) throw new Error(`payment channel ${channel}: ${name} is not set`);
  return value;
}

const readers: Partial<Record<PaymentChannelName, SettingsReader>> = {
  alipay: readAlipaySettings,
  wechat: readWechatPaySettings,
};

/** Each named channel's settings; a channel without a reader needs none. */
export function readChannelSettings(channels: PaymentChannelName[], env: NodeJS.ProcessEnv) {
  const settings: Partial<Record<PaymentChannelName, unknown>> = {};
  for (const name of channels) settings[name] = readers[name]?.(env);
  return settings;
}
