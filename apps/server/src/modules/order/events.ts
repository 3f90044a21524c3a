import type { DbOrTx } from '../../db/client';
import { orderEvents } from '../../db/schema/order';

export interface Actor {
  type: 'buyer' | 'operator' | 'system' | 'provider';
  id?: number | null;
}

/** Appends to the order's audit trail (status history). */
export async function recordEvent(
  db: DbOrTx,
  orderId: number,
  actor: Actor,
  event: string,
  from: string | null,
  to: string | null,
  note = '',
) {
  await db.insert(orderEvents).values({
    orderId,
    actorType: actor.type,
    actorId: actor.id ?? null,
    event,
    fromStatus: from,
    toStatus: to,
    note,
  });
}
