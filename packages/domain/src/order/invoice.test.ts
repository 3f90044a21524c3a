import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invoiceEditable,
  invoiceFigures,
  invoiceNumber,
  invoiceState,
  splitTax,
  yuanInCapitals,
} from './invoice';

describe('yuanInCapitals (价税合计大写)', () => {
  it.each([
    [0, '零元整'],
    [5, '伍分'],
    [50, '伍角'],
    [100, '壹元整'],
    [1000, '壹拾元整'],
    [10_000, '壹佰元整'],
    [100_500, '壹仟零伍元整'],
    [100_505, '壹仟零伍元零伍分'],
    [1_234_560, '壹万贰仟叁佰肆拾伍元陆角'],
    [1_010_000, '壹万零壹佰元整'],
    [10_000_000, '壹拾万元整'],
    [100_000_100, '壹佰万零壹元整'],
    [10_000_000_100, '壹亿零壹元整'],
    [1_000_100_000_000, '壹佰亿零壹佰万元整'],
    [-1234, '负壹拾贰元叁角肆分'],
  ])('%i fen is %s', (fen, words) => {
    expect(yuanInCapitals(fen)).toBe(words);
  });

  it('never writes two 零 in a row, nor one before 元 or at the start', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999_999_99 }), (fen) => {
        const words = yuanInCapitals(fen);
        expect(words).not.toMatch(/零零|零元|^零|零万|零亿/);
        expect(words).toMatch(/(整|角|分)$/);
      }),
    );
  });
});

describe('invoice lines', () => {
  const line = (id: number, payableFen: number, kind = 'drug') => ({
    id,
    name: `商品${id}`,
    spec: '10片',
    unit: '盒',
    quantity: 2,
    payableFen,
    kind,
  });

  it('splits each line into amount and tax at its rate: herbs at 9%, the rest at 13%', () => {
    const f = invoiceFigures([line(1, 11_300), line(2, 10_900, 'herb')], {
      deductionFen: 0,
      shippingFen: 0,
      refundedFen: 0,
    });
    expect(f.lines.map((l) => [l.name, l.rate, l.amountFen, l.taxFen])).toEqual([
      ['*药品*商品1', 13, 10_000, 1_300],
      ['*中药饮片*商品2', 9, 10_000, 900],
    ]);
    expect(f).toMatchObject({ amountFen: 20_000, taxFen: 2_200, totalFen: 22_200 });
  });

  it('spreads the coupon, points and refunds over the goods and adds the shipping line', () => {
    const f = invoiceFigures([line(1, 30_000), line(2, 10_000)], {
      deductionFen: 2_000,
      shippingFen: 1_000,
      refundedFen: 2_000,
    });
    expect(f.lines.map((l) => l.totalFen)).toEqual([27_000, 9_000, 1_000]);
    expect(f.lines[2]).toMatchObject({ name: '*物流辅助服务*运费', rate: 13 });
    expect(f.totalFen).toBe(40_000 - 4_000 + 1_000);
  });

  it('always adds up to what was paid less refunds, amount plus tax per line, never a negative line', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 0, max: 5_000_000 }), fc.constantFrom('drug', 'herb', 'device')),
          {
            minLength: 1,
            maxLength: 30,
          },
        ),
        fc.integer({ min: 0, max: 2_000_000 }),
        fc.integer({ min: 0, max: 2_000 }),
        fc.integer({ min: 0, max: 3_000_000 }),
        (rows, deductionFen, shippingFen, refund) => {
          const lines = rows.map(([fen, kind], i) => line(i + 1, fen, kind));
          const goods = lines.reduce((s, l) => s + l.payableFen, 0);
          const paid = Math.max(0, goods - deductionFen) + shippingFen;
          const refundedFen = Math.min(refund, paid);
          const f = invoiceFigures(lines, {
            deductionFen: Math.min(deductionFen, goods),
            shippingFen,
            refundedFen,
          });
          expect(f.totalFen).toBe(paid - refundedFen);
          expect(f.amountFen + f.taxFen).toBe(f.totalFen);
          for (const l of f.lines) {
            expect(l.totalFen).toBeGreaterThan(0);
            expect(l.amountFen + l.taxFen).toBe(l.totalFen);
            expect(Math.abs(l.taxFen - (l.amountFen * l.rate) / 100)).toBeLessThanOrEqual(1);
          }
        },
      ),
    );
  });

  it('splitTax rounds the amount before tax to the fen', () => {
    expect(splitTax(100, 13)).toEqual({ amountFen: 88, taxFen: 12 });
    expect(splitTax(1, 13)).toEqual({ amountFen: 1, taxFen: 0 });
  });
});

describe('invoice state', () => {
  const paid = { status: 'awaiting_shipment' as const, paid: true, netFen: 100 };
  it('reads the stored status together with the order', () => {
    expect(invoiceState('requested', { status: 'pending_payment', paid: false, netFen: 100 })).toBe(
      'awaiting_payment',
    );
    expect(invoiceState('requested', paid)).toBe('pending');
    expect(invoiceState('requested', { ...paid, status: 'after_sale_requested' })).toBe('on_hold');
    expect(invoiceState('requested', { status: 'cancelled', paid: false, netFen: 100 })).toBe('void');
    expect(invoiceState('requested', { ...paid, status: 'refunded', netFen: 0 })).toBe('void');
    expect(invoiceState('requested', { ...paid, status: 'refunded', netFen: 50 })).toBe('pending');
    expect(invoiceState('rejected', paid)).toBe('rejected');
    expect(invoiceState('issued', { ...paid, status: 'refunded', netFen: 0 })).toBe('issued');
  });
  it('lets the buyer edit until issued or void', () => {
    expect(invoiceEditable('pending')).toBe(true);
    expect(invoiceEditable('rejected')).toBe(true);
    expect(invoiceEditable('issued')).toBe(false);
    expect(invoiceEditable('void')).toBe(false);
  });
  it('numbers invoices with 20 digits, unique per id', () => {
    expect(invoiceNumber(42, '2026-11-25')).toBe('26117000000000000042');
    expect(invoiceNumber(42, '2026-11-25')).toHaveLength(20);
  });
});
