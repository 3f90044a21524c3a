import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allowedEvents,
  canTransition,
  isFinalStatus,
  nextStatus,
  ORDER_EVENTS,
  ORDER_STATUSES,
  ORDER_TABS,
  type OrderEvent,
  type OrderStatus,
  orderStatusLabels,
  orderTabOf,
  PAID_UNSHIPPED_STATUSES,
} from './state-machine';

const run = (events: OrderEvent[], facts = {}): OrderStatus | null => {
  let status: OrderStatus | null = 'pending_payment';
  for (const event of events) status = status && nextStatus(status, event, facts);
  return status;
};

describe('order state machine', () => {
  it('pays, ships and completes a normal order', () => {
    expect(run(['pay'])).toBe('awaiting_shipment');
    expect(run(['pay', 'ship', 'confirm_delivery'])).toBe('completed');
  });
  it('cancels unpaid orders, by the buyer or on expiry, and only unpaid ones', () => {
    expect(run(['cancel'])).toBe('cancelled');
    expect(run(['expire'])).toBe('cancelled');
    expect(canTransition('awaiting_shipment', 'cancel')).toBe(false);
    expect(nextStatus('shipped', 'cancel')).toBeNull();
    expect(isFinalStatus('cancelled')).toBe(true);
  });
  it('holds ephedrine orders for the receipt review', () => {
    const facts = { requiresReceipt: true };
    expect(run(['pay'], facts)).toBe('awaiting_receipt');
    expect(run(['pay', 'reject_receipt'], facts)).toBe('awaiting_receipt');
    expect(run(['pay', 'accept_receipt', 'ship'], facts)).toBe('shipped');
    expect(canTransition('awaiting_receipt', 'ship')).toBe(false);
  });
  it('runs after-sales from shipped or completed orders', () => {
    expect(run(['pay', 'ship', 'request_after_sale'])).toBe('after_sale_requested');
    expect(
      run(['pay', 'ship', 'confirm_delivery', 'request_after_sale', 'approve_after_sale', 'refund']),
    ).toBe('refunded');
    expect(
      run([
        'pay',
        'ship',
        'confirm_delivery',
        'request_after_sale',
        'refuse_after_sale',
        'request_after_sale',
      ]),
    ).toBe('after_sale_requested');
    expect(canTransition('awaiting_shipment', 'request_after_sale')).toBe(false);
  });
  it('a partial refund takes the order back to where the after-sale found it', () => {
    const partial = ['request_after_sale', 'approve_after_sale', 'partial_refund'] as const;
    expect(run(['pay', 'ship', ...partial])).toBe('shipped');
    expect(run(['pay', 'ship', 'confirm_delivery', ...partial], { delivered: true })).toBe('completed');
    // Another after-sale may follow, and end the order refunded.
    expect(
      run(
        ['pay', 'ship', 'confirm_delivery', ...partial, 'request_after_sale', 'approve_after_sale', 'refund'],
        {
          delivered: true,
        },
      ),
    ).toBe('refunded');
    expect(allowedEvents('completed')).toEqual(['request_after_sale']);
  });
  it('labels statuses and groups them into the order tabs', () => {
    expect(ORDER_TABS.map((t) => t.label)).toEqual([
      '待付款',
      '待发货',
      '待收货',
      '已完成',
      '已取消',
      '售后',
    ]);
    expect(orderStatusLabels.awaiting_receipt).toBe('待回执');
    expect(orderTabOf('awaiting_receipt')).toBe('awaiting_shipment');
    expect(orderTabOf('refunded')).toBe('after_sale');
    for (const status of ORDER_STATUSES) {
      expect(ORDER_TABS.filter((t) => (t.statuses as readonly string[]).includes(status))).toHaveLength(1);
    }
  });
  it('property: nextStatus is defined exactly when canTransition says so', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...ORDER_STATUSES),
        fc.constantFrom(...ORDER_EVENTS),
        fc.boolean(),
        (from, event, r) => {
          const to = nextStatus(from, event, { requiresReceipt: r });
          return (to !== null) === canTransition(from, event) && (to === null || ORDER_STATUSES.includes(to));
        },
      ),
    );
  });
  it('property: any event sequence from pending_payment stays in known statuses; cancelled never revives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...ORDER_EVENTS), { maxLength: 20 }),
        fc.boolean(),
        (events, r) => {
          let status: OrderStatus = 'pending_payment';
          for (const event of events) {
            const next = nextStatus(status, event, { requiresReceipt: r });
            if (status === 'cancelled' && next !== null) return false;
            if (next) status = next;
          }
          return ORDER_STATUSES.includes(status);
        },
      ),
    );
  });
  it('paid but unshipped = the 待发货 tab: reached by paying, left only by shipping', () => {
    const tab = ORDER_TABS.find((t) => t.key === 'awaiting_shipment');
    expect([...PAID_UNSHIPPED_STATUSES].sort()).toEqual([...(tab?.statuses ?? [])].sort());
    expect(PAID_UNSHIPPED_STATUSES).toContain(nextStatus('pending_payment', 'pay') as OrderStatus);
    expect(PAID_UNSHIPPED_STATUSES).toContain(
      nextStatus('pending_payment', 'pay', { requiresReceipt: true }) as OrderStatus,
    );
    for (const status of PAID_UNSHIPPED_STATUSES) {
      expect(
        allowedEvents(status).every((e) => ['ship', 'accept_receipt', 'reject_receipt'].includes(e)),
      ).toBe(true);
    }
  });
});
