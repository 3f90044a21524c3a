import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema';

/** Checkout settings (operator-editable rows of `settings`, defaults when missing). */
export interface OrderSettings {
  shipping: { thresholdFen: number; feeFen: number };
  /** Unpaid orders are cancelled after this many minutes (env ORDER_EXPIRE_MINUTES wins). */
  expireMinutes: number;
  /** Most units of ephedrine-type goods (含麻黄碱类复方制剂) one order may hold. */
  ephedrineLimit: number;
}

/** Per-process cache, a few seconds long (design: caches are per-process and short-lived). */
const cache = new WeakMap<object, { at: number; value: OrderSettings }>();
const TTL_MS = 5000;

export async function loadOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  const hit = cache.get(db);
  if (hit && Date.now() - hit.at < TTL_MS) return hit.value;
  const value = await readOrderSettings(db);
  cache.set(db, { at: Date.now(), value });
  return value;
}

async function readOrderSettings(db: DbOrTx): Promise<OrderSettings> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.key, ['shipping', 'order']));
  const shipping = (rows.find((r) => r.key === 'shipping')?.value ?? {}) as {
    threshold_fen?: number;
    fee_fen?: number;
  };
  const order = (rows.find((r) => r.key === 'order')?.value ?? {}) as {
    expire_minutes?: number;
    ephedrine_limit?: number;
  };
  const envMinutes = Number(process.env.ORDER_EXPIRE_MINUTES);
  return {
    shipping: { thresholdFen: shipping.threshold_fen ?? 80000, feeFen: shipping.fee_fen ?? 1000 },
    expireMinutes: envMinutes > 0 ? envMinutes : (order.expire_minutes ?? 30),
    ephedrineLimit: order.ephedrine_limit ?? 10,
  };
}
