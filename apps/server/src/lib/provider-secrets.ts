import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { providerSecrets } from '../db/schema';

// The HMAC keys of the sandbox providers (payment, WeChat): kept in the database so every process
// on it signs alike, created once by the first start from the environment or 32 random bytes.
// Never a constant in the code: each data folder has its own.

/** The providers that keep a key here (the name of each one's row). */
export type SecretProvider = 'sandbox' | 'wechat_sandbox';

const cache = new WeakMap<object, Map<SecretProvider, Promise<string>>>();
const cacheOf = (db: DbOrTx) => {
  let byProvider = cache.get(db);
  if (!byProvider) {
    byProvider = new Map();
    cache.set(db, byProvider);
  }
  return byProvider;
};

/**
 * Creates the provider's key if it has none (`insert ... on conflict do nothing`), from `fromEnv`
 * or random bytes; a key from the environment given later replaces the stored one.
 */
export async function ensureProviderSecret(db: DbOrTx, provider: SecretProvider, fromEnv?: string) {
  const secret = fromEnv || randomBytes(32).toString('hex');
  const insert = db.insert(providerSecrets).values({ provider, secret });
  await (fromEnv
    ? insert.onConflictDoUpdate({ target: providerSecrets.provider, set: { secret } })
    : insert.onConflictDoNothing());
  cacheOf(db).delete(provider);
  return providerSecret(db, provider);
}

/** The provider's key (cached per database handle); ensureProviderSecret must have run. */
export function providerSecret(db: DbOrTx, provider: SecretProvider): Promise<string> {
  const byProvider = cacheOf(db);
  let secret = byProvider.get(provider);
  if (!secret) {
    secret = db
      .select({ secret: providerSecrets.secret })
      .from(providerSecrets)
      .where(eq(providerSecrets.provider, provider))
      .then(([row]) => {
        if (!row) throw new Error(`the ${provider} key was not created (ensureProviderSecret)`);
        return row.secret;
      });
    secret.catch(() => byProvider.delete(provider));
    byProvider.set(provider, secret);
  }
  return secret;
}
