import type { DbOrTx } from '../../db/client';
import { orderEvents } from '../../db/schema/order';

/** Who moved the order, and when: the request's or the sweep's clock (ctx.now), never the host's. */
export interface Actor {
  type: 'buyer' | 'operator' | 'system' | 'provider';
  id?: number | null;
  at: Date;
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
    createdAt: actor.at,
  });
}
