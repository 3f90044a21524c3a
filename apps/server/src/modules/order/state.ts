// An order's moves through the state machine: the lock, the conditional move with its history
// line and webhook event, and the expiry's extension. The payment module moves orders with these
// while the order module's service closes trades through payment's, so they live apart from the
// service (the two importing each other made the order/payment import circle).
import {
  nextStatus,
  type OrderEvent,
  type OrderFacts,
  type OrderStatus,
  orderEventLabels,
} from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orders } from '../../db/schema/order';
import { notFound, refusal } from '../../lib/errors';
import { recordOrderEvent } from '../webhooks/events';
import { type Actor, recordEvent } from './events';

/** Moves a locked order through the state machine with a conditional update and an event. */
export async function transition(
  tx: DbOrTx,
  order: { id: number; status: string; ephedrine: boolean },
  event: Parameters<typeof nextStatus>[1],
  actor: Actor,
  note = '',
  extra: Partial<typeof orders.$inferInsert> = {},
  facts: OrderFacts = {},
) {
  const to = nextStatus(order.status as OrderStatus, event, { requiresReceipt: order.ephedrine, ...facts });
  if (!to) throw refusal(`当前订单状态不能${orderEventLabels[event]}`);
  const [row] = await tx
    .update(orders)
    // updatedAt is the ERP feed's cursor (order/erp-feed.ts), settled against the host's clock, so
    // it is the host's time; the history line below carries the business time (actor.at).
    .set({ status: to, updatedAt: new Date(), ...extra })
    .where(and(eq(orders.id, order.id), eq(orders.status, order.status)))
    .returning({ id: orders.id });
  if (!row) throw refusal('订单状态已变化，请刷新后重试', 409);
  await recordEvent(tx, order.id, actor, event, order.status, to, note);
  await recordOrderWebhook(tx, order.id, event, to);
  return to;
}

/** The webhook event (outbox, same transaction) an order's move stands for, if any. */
async function recordOrderWebhook(tx: DbOrTx, orderId: number, event: OrderEvent, to: OrderStatus) {
  if (event === 'pay') await recordOrderEvent(tx, 'order.paid', orderId);
  else if (to === 'cancelled') await recordOrderEvent(tx, 'order.cancelled', orderId, { reason: event });
  else if (event === 'confirm_delivery') await recordOrderEvent(tx, 'order.received', orderId);
  else if (event === 'approve_after_sale') await recordOrderEvent(tx, 'after_sale.approved', orderId);
}

/**
 * Gives a locked unpaid order more time before it expires (a bank transfer takes days), with a
 * line in its history. Never shortens it.
 */
export async function extendExpiry(
  tx: DbOrTx,
  order: { id: number; status: string; expiresAt: Date },
  until: Date,
  actor: Actor,
  note: string,
) {
  if (until <= order.expiresAt) return order.expiresAt;
  await tx.update(orders).set({ expiresAt: until, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await recordEvent(tx, order.id, actor, 'extend_expiry', order.status, order.status, note);
  return until;
}

/** Locks a buyer's order (404 for another store's). */
export async function lockOrder(tx: DbOrTx, orderId: number, userId?: number) {
  const where = userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId);
  const [row] = await tx.select().from(orders).where(where).for('update');
  if (!row) throw notFound('订单不存在');
  return row;
}

/** An order's row, as the modules that move orders hold it. */
export type OrderRow = typeof orders.$inferSelect;

/** An order, without a lock: undefined when there is none, or when `userId` is given and another store's. */
export async function findOrder(db: DbOrTx, orderId: number, userId?: number): Promise<OrderRow | undefined> {
  const where = userId ? and(eq(orders.id, orderId), eq(orders.userId, userId)) : eq(orders.id, orderId);
  const [row] = await db.select().from(orders).where(where);
  return row;
}
