import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  invoiceEditable,
  invoiceFigures,
  invoiceNumber,
  invoiceState,
  redFigures,
  splitTax,
  yuanInCapitals,
} from './invoice';
import { defaultTaxOf, SHIPPING_TAX, taxClassifications } from './tax-codes';

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
  const scopes: Record<string, string> = { drug: 'hxyzj', herb: 'zyyp', device: 'qx2', patent: 'zcy' };
  const line = (id: number, payableFen: number, kind = 'drug') => {
    const tax = defaultTaxOf(scopes[kind], kind);
    return {
      id,
      name: `商品${id}`,
      spec: '10片',
      unit: '盒',
      quantity: 2,
      payableFen,
      taxCode: tax.code,
      taxRate: tax.rate,
    };
  };

  it('splits each line into amount and tax at its goods rate, named by the tax code short name', () => {
    const f = invoiceFigures([line(1, 11_300), line(2, 10_900, 'herb'), line(3, 2_260, 'patent')], {
      deductionFen: 0,
      shippingFen: 0,
      refundedFen: 0,
    });
    expect(f.lines.map((l) => [l.name, l.taxCode, l.rate, l.amountFen, l.taxFen])).toEqual([
      ['*化学药品制剂*商品1', '1070301020000000000', 13, 10_000, 1_300],
      ['*中药饮片*商品2', '1070303010000000000', 9, 10_000, 900],
      ['*中成药*商品3', '1070302000000000000', 13, 2_000, 260],
    ]);
    expect(f).toMatchObject({ amountFen: 22_000, taxFen: 2_460, totalFen: 24_460 });
  });

  it('spreads the coupon, points and refunds over the goods and adds the shipping line', () => {
    const f = invoiceFigures([line(1, 30_000), line(2, 10_000)], {
      deductionFen: 2_000,
      shippingFen: 1_000,
      refundedFen: 2_000,
    });
    expect(f.lines.map((l) => l.totalFen)).toEqual([27_000, 9_000, 1_000]);
    // Shipping is a service of its own category at 6%, not the goods' 13%: 1000 = 943 + 57.
    expect(f.lines[2]).toMatchObject({
      name: '*物流辅助服务*收派服务',
      taxCode: '3040407000000000000',
      rate: 6,
      amountFen: 943,
      taxFen: 57,
    });
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

  it('splitTax rounds the amount before tax to the fen, half away from zero', () => {
    expect(splitTax(100, 13)).toEqual({ amountFen: 88, taxFen: 12 });
    expect(splitTax(1, 13)).toEqual({ amountFen: 1, taxFen: 0 });
    expect(splitTax(20_800, 13)).toEqual({ amountFen: 18_407, taxFen: 2_393 });
    expect(splitTax(-100, 13)).toEqual({ amountFen: -88, taxFen: -12 });
    expect(splitTax(53, 6)).toEqual({ amountFen: 50, taxFen: 3 });
    expect(() => splitTax(1.5, 13)).toThrow(RangeError);
  });

  it('splitTax: amount + tax is the total, tax within half a fen of amount x rate, red = -blue', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.constantFrom(13, 9, 6, 3, 1, 0),
        (total, rate) => {
          const blue = splitTax(total, rate);
          expect(blue.amountFen + blue.taxFen).toBe(total);
          expect(Number.isInteger(blue.amountFen) && Number.isInteger(blue.taxFen)).toBe(true);
          // The amount is the nearest fen to total / (1 + rate).
          expect(Math.abs(blue.amountFen * (100 + rate) - total * 100)).toBeLessThanOrEqual((100 + rate) / 2);
          const red = splitTax(-total, rate);
          expect(red.amountFen).toBe(-blue.amountFen || 0);
          expect(red.taxFen).toBe(-blue.taxFen || 0);
          expect(Object.is(splitTax(-0, rate).taxFen, 0) && Object.is(splitTax(0, rate).taxFen, 0)).toBe(
            true,
          );
        },
      ),
    );
  });

  it('a red invoice negates every line: blue + red = 0 to the fen', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.tuple(fc.integer({ min: 1, max: 5_000_000 }), fc.constantFrom('drug', 'herb', 'patent')),
          {
            minLength: 1,
            maxLength: 20,
          },
        ),
        fc.integer({ min: 0, max: 2_000 }),
        (rows, shippingFen) => {
          const blue = invoiceFigures(
            rows.map(([fen, kind], i) => line(i + 1, fen, kind)),
            { deductionFen: 0, shippingFen, refundedFen: 0 },
          );
          const red = redFigures(blue.lines);
          expect(red.totalFen).toBe(-blue.totalFen);
          expect(red.amountFen + red.taxFen).toBe(red.totalFen);
          red.lines.forEach((l, i) => {
            expect(l.name).toBe(blue.lines[i].name);
            expect(l.amountFen + blue.lines[i].amountFen).toBe(0);
            expect(l.taxFen + blue.lines[i].taxFen).toBe(0);
            expect(l.quantity).toBe(-blue.lines[i].quantity);
          });
        },
      ),
    );
  });

  it('every known tax code is 19 digits; drugs 13%, 中药饮片 9%, devices 13%, shipping 6%', () => {
    for (const c of [...taxClassifications, SHIPPING_TAX]) expect(c.code).toMatch(/^\d{19}$/);
    expect(defaultTaxOf('hxyzj').rate).toBe(13);
    expect(defaultTaxOf('zyyp')).toEqual({ code: '1070303010000000000', rate: 9 });
    expect(defaultTaxOf('qx3').rate).toBe(13);
    expect(defaultTaxOf('cfy', 'herb').code).toBe('1070303010000000000');
    expect(SHIPPING_TAX.rate).toBe(6);
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
    expect(invoiceState('reversed', { ...paid, status: 'refunded', netFen: 0 })).toBe('reversed');
    expect(invoiceState('issuing', paid)).toBe('issuing');
    expect(invoiceState('failed', paid)).toBe('failed');
    expect(invoiceState('failed', { ...paid, status: 'refunded', netFen: 0 })).toBe('void');
  });
  it('a red invoice is pending whatever the order: the money it follows already came back', () => {
    const refunded = { status: 'refunded' as const, paid: true, netFen: 0 };
    expect(invoiceState('requested', refunded, 'red')).toBe('pending');
    expect(invoiceState('requested', { ...paid, status: 'after_sale_requested' }, 'red')).toBe('pending');
    expect(invoiceState('failed', refunded, 'red')).toBe('failed');
    expect(invoiceState('issued', refunded, 'red')).toBe('issued');
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
