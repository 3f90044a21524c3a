import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterSaleRefund,
  linePaidAmounts,
  refundableFen,
  refundMark,
  refundsEverything,
  returnableUnits,
  returnedUnits,
  unitsRefundFen,
} from './refund';

// The rehearsed business day (issue #30 item 7): three lines, a ¥20 coupon, ¥10 shipping.
const lines = [
  { id: 1, quantity: 12, payableFen: 12_000 },
  { id: 2, quantity: 5, payableFen: 5_000 },
  { id: 3, quantity: 3, payableFen: 3_000 },
];
const deductionFen = 2_000;
const shippingFen = 1_000;
const paidFen = 20_000 - deductionFen + shippingFen;

describe('line paid amounts', () => {
  it('takes each line’s share of coupon and points by the largest-remainder rule, no shipping', () => {
    expect(linePaidAmounts(lines, deductionFen)).toEqual([10_800, 4_500, 2_700]);
    expect(
      linePaidAmounts(
        [
          { id: 1, quantity: 1, payableFen: 1 },
          { id: 2, quantity: 1, payableFen: 1 },
          { id: 3, quantity: 1, payableFen: 1 },
        ],
        1,
      ),
    ).toEqual([0, 1, 1]);
  });
});

describe('after-sale refund', () => {
  it('returns 2 of 12 units: that line’s paid share for 2 units, no shipping share', () => {
    const { refundFen, lines: parts } = afterSaleRefund({ lines, deductionFen }, new Map(), [
      { lineId: 1, quantity: 2 },
    ]);
    expect(refundFen).toBe(1_800);
    expect(parts).toEqual([{ lineId: 1, quantity: 2, refundFen: 1_800 }]);
    // Not the old total x 2/12, which took a share of the shipping fee and ignored the coupon.
    expect(refundFen).not.toBe(Math.floor((paidFen * 2) / 12));
  });

  it('rounds down per return but the parts of a line add up to its paid amount exactly', () => {
    // ¥1.00 paid for 3 units: 33, 33, 34 fen.
    expect([
      unitsRefundFen(100, 3, 0, 1),
      unitsRefundFen(100, 3, 1, 1),
      unitsRefundFen(100, 3, 2, 1),
    ]).toEqual([33, 33, 34]);
    expect(() => unitsRefundFen(100, 3, 2, 2)).toThrow(RangeError);
  });

  it('counts the units of approved after-sales only as returned', () => {
    const returned = returnedUnits([
      { status: 'approved', lines: [{ lineId: 1, quantity: 2 }] },
      { status: 'refused', lines: [{ lineId: 1, quantity: 1 }] },
      { status: 'approved', lines: [{ lineId: 2, quantity: 4 }] },
      { status: 'pending', lines: [{ lineId: 3, quantity: 1 }] },
    ]);
    expect([...returned]).toEqual([
      [1, 2],
      [2, 4],
    ]);
    expect(returnableUnits(lines[0], returned)).toBe(10);
    expect(returnableUnits(lines[1], returned)).toBe(1);
    expect(returnableUnits(lines[2], returned)).toBe(3);
  });

  it('a second after-sale for the rest brings the total to the goods part paid, and ends the order', () => {
    const first = afterSaleRefund({ lines, deductionFen }, new Map(), [{ lineId: 1, quantity: 2 }]);
    const returned = returnedUnits([{ status: 'approved', lines: first.lines }]);
    expect(refundsEverything({ lines, paidFen, refundedFen: first.refundFen }, returned)).toBe(false);
    const rest = [
      { lineId: 1, quantity: 10 },
      { lineId: 2, quantity: 5 },
      { lineId: 3, quantity: 3 },
    ];
    const second = afterSaleRefund({ lines, deductionFen }, returned, rest);
    expect(first.refundFen + second.refundFen).toBe(paidFen - shippingFen);
    expect(refundableFen({ paidFen, refundedFen: first.refundFen + second.refundFen })).toBe(shippingFen);
    const all = returnedUnits([
      { status: 'approved', lines: first.lines },
      { status: 'approved', lines: second.lines },
    ]);
    expect(refundsEverything({ lines, paidFen, refundedFen: paidFen - shippingFen }, all)).toBe(true);
  });

  it('free gift lines need not come back for the order to be refunded in full', () => {
    const withGift = [...lines.slice(0, 1), { id: 9, quantity: 1, payableFen: 0 }];
    expect(refundsEverything({ lines: withGift, paidFen: 99_999, refundedFen: 1 }, new Map([[1, 12]]))).toBe(
      true,
    );
  });

  it('marks a partial refund beside the status, never on a refunded order', () => {
    expect(refundMark('completed', 1_800)).toBe('部分退款');
    expect(refundMark('shipped', 0)).toBeNull();
    expect(refundMark('refunded', 19_000)).toBeNull();
  });
});

// An order of up to 6 lines with coupon/points and shipping, and every unit returned over a
// random sequence of after-sales (random chunks of each line, interleaved in random order).
const orderArb = fc
  .array(
    fc.record({
      quantity: fc.integer({ min: 1, max: 40 }),
      payableFen: fc.integer({ min: 0, max: 500_000 }),
    }),
    {
      minLength: 1,
      maxLength: 6,
    },
  )
  .chain((raw) => {
    const ls = raw.map((l, i) => ({ id: i + 1, ...l }));
    const goods = ls.reduce((s, l) => s + l.payableFen, 0);
    // Each unit gets a random after-sale number; after-sales run in number order.
    const units = ls.flatMap((l) => Array.from({ length: l.quantity }, () => l.id));
    return fc.record({
      lines: fc.constant(ls),
      deductionFen: fc.integer({ min: 0, max: goods }),
      shippingFen: fc.integer({ min: 0, max: 5_000 }),
      batches: fc.array(fc.integer({ min: 0, max: 4 }), { minLength: units.length, maxLength: units.length }),
      units: fc.constant(units),
    });
  });

function requestsOf(o: { units: number[]; batches: number[] }) {
  const requests: { lineId: number; quantity: number }[][] = [];
  for (let b = 0; b <= 4; b++) {
    const counts = new Map<number, number>();
    o.units.forEach((lineId, k) => {
      if (o.batches[k] === b) counts.set(lineId, (counts.get(lineId) ?? 0) + 1);
    });
    if (counts.size) requests.push([...counts].map(([lineId, quantity]) => ({ lineId, quantity })));
  }
  return requests;
}

describe('refund properties', () => {
  it('line paid amounts are non-negative, within the payable and add up to goods less deductions', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const paid = linePaidAmounts(o.lines, o.deductionFen);
        const goods = o.lines.reduce((s, l) => s + l.payableFen, 0);
        expect(paid.reduce((s, p) => s + p, 0)).toBe(goods - o.deductionFen);
        paid.forEach((p, i) => {
          expect(p).toBeGreaterThanOrEqual(0);
          expect(p).toBeLessThanOrEqual(o.lines[i].payableFen);
        });
      }),
    );
  });

  it('the refunds of an order never exceed what was paid; a full return refunds exactly the goods part', () => {
    fc.assert(
      fc.property(orderArb, (o) => {
        const paidFen = o.lines.reduce((s, l) => s + l.payableFen, 0) - o.deductionFen + o.shippingFen;
        const paid = linePaidAmounts(o.lines, o.deductionFen);
        const done: { status: string; lines: { lineId: number; quantity: number }[] }[] = [];
        let refundedFen = 0;
        const perLine = new Map<number, number>();
        for (const request of requestsOf(o)) {
          const returned = returnedUnits(done);
          const r = afterSaleRefund(o, returned, request);
          for (const l of r.lines) {
            expect(l.refundFen).toBeGreaterThanOrEqual(0);
            perLine.set(l.lineId, (perLine.get(l.lineId) ?? 0) + l.refundFen);
          }
          refundedFen += r.refundFen;
          done.push({ status: 'approved', lines: request });
          expect(refundedFen).toBeLessThanOrEqual(paidFen - o.shippingFen);
          o.lines.forEach((l, i) => {
            expect(perLine.get(l.id) ?? 0).toBeLessThanOrEqual(paid[i]);
          });
        }
        expect(refundedFen).toBe(paidFen - o.shippingFen);
        o.lines.forEach((l, i) => {
          expect(perLine.get(l.id)).toBe(paid[i]);
        });
        expect(refundsEverything({ lines: o.lines, paidFen, refundedFen }, returnedUnits(done))).toBe(true);
        expect(refundableFen({ paidFen, refundedFen })).toBe(o.shippingFen);
      }),
    );
  });

  it('a part never depends on how the earlier units were grouped', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 1, max: 500 }),
        fc.integer({ min: 0, max: 500 }),
        (paidFen, quantity, cut) => {
          const before = cut % (quantity + 1);
          const once = unitsRefundFen(paidFen, quantity, 0, before);
          const split =
            unitsRefundFen(paidFen, quantity, 0, Math.floor(before / 2)) +
            unitsRefundFen(paidFen, quantity, Math.floor(before / 2), before - Math.floor(before / 2));
          expect(split).toBe(once);
          expect(once).toBe(Math.floor((paidFen * before) / quantity));
        },
      ),
    );
  });
});
