import { createHmac, randomBytes } from 'node:crypto';

// Every delivery is signed: `Yaocai-Signature: v1=<hex HMAC-SHA256 of "<timestamp>.<body>">`
// with the subscription's secret, `Yaocai-Timestamp` the Unix seconds of the attempt. The
// receiver recomputes it over the raw body, compares in constant time and refuses a timestamp
// far from its clock (examples/erp-sync/verify-webhook.mjs).

export const SECRET_PREFIX = 'whsec_';
/** How many of a secret's characters the console shows. */
export const SECRET_SHOWN_CHARS = 10;

export const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString('base64url')}`;

export function signature(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

export const webhookHeaders = {
  eventId: 'yaocai-event-id',
  eventType: 'yaocai-event-type',
  timestamp: 'yaocai-timestamp',
  signature: 'yaocai-signature',
} as const;
