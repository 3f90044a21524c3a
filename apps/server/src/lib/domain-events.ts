import type { DbOrTx } from '../db/types';

// What one module tells the others about a change, inside the transaction that makes it. The
// raiser does not know who listens: order raises `order.received`, and points and promotion
// (满返) act on it; payment raises `order.paid`, and quick-buy records the purchases. Handlers
// run one after another in the raiser's transaction, so a handler's failure rolls the whole
// change back, as the direct calls did. They are subscribed once, at start, by
// modules/subscriptions.ts (buildApp); what another process must hear goes through the
// webhooks' outbox or the job queue instead.

/** An order as its handlers read it. */
export interface EventOrder {
  id: number;
  orderNo: string;
  userId: number;
  paidFen: number;
  refundedFen: number;
  paidAt: Date | null;
  createdAt: Date;
}

export interface DomainEvents {
  /** An order was paid (balance, credit, online or a confirmed transfer), at `at`. */
  'order.paid': { order: EventOrder; at: Date };
  /** An order was received, by its buyer or by the sweep, with its lines. */
  'order.received': {
    order: EventOrder;
    lines: readonly { goodsId: number; kind: string; payableFen: number }[];
  };
}

export type DomainEventHandler<K extends keyof DomainEvents> = (
  tx: DbOrTx,
  event: DomainEvents[K],
) => Promise<unknown>;

const handlers = new Map<keyof DomainEvents, DomainEventHandler<never>[]>();

/** Subscribes a handler (modules/subscriptions.ts, once at start). */
export function onDomainEvent<K extends keyof DomainEvents>(type: K, handler: DomainEventHandler<K>): void {
  handlers.set(type, [...(handlers.get(type) ?? []), handler as DomainEventHandler<never>]);
}

/** Runs every handler of the event in the raiser's transaction, in the order they subscribed. */
export async function raiseDomainEvent<K extends keyof DomainEvents>(
  tx: DbOrTx,
  type: K,
  event: DomainEvents[K],
): Promise<void> {
  for (const handler of handlers.get(type) ?? []) {
    await (handler as DomainEventHandler<K>)(tx, event);
  }
}
