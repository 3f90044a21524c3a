import { onDomainEvent } from '../lib/domain-events';
import { awardOrderPoints } from './points/service';
import { creditOrderCashBack } from './promotion/cash-back';
import { recordPurchases } from './quick-buy/purchases';

let subscribed = false;

/**
 * Which module acts on which other module's events (lib/domain-events.ts), in the raiser's
 * transaction; subscribed once per process by buildApp. A new reaction to an order is a line
 * here and a function of its own module, not an edit of order or payment.
 */
export function subscribeModules(): void {
  if (subscribed) return;
  subscribed = true;
  // 常购清单: what a store paid for, for 快捷采购.
  onDomainEvent('order.paid', (tx, { order, at }) => recordPurchases(tx, order.id, order.userId, at));
  // Points by the store's rank, then 满返 credit, once an order is received.
  onDomainEvent('order.received', (tx, { order }) => awardOrderPoints(tx, order));
  onDomainEvent('order.received', (tx, { order, lines }) => creditOrderCashBack(tx, order, lines));
}
