import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { priceCart } from './price-cart';
import { type CartActivityInput, type CartLineInput, cartLineInput } from './schemas';

const line = (over: Partial<CartLineInput> & Pick<CartLineInput, 'id'>): CartLineInput => ({
  goodsId: Number(over.id) + 1000,
  quantity: 1,
  selected: true,
  withCoupon: true,
  isBuy: true,
  stock: 999,
  basePriceFen: 1000,
  ...over,
});

// 满100减10, 满300减40; 满¥800包邮 with ¥150 already ordered today.
const activity: CartActivityInput = {
  fullReductionTiers: [
    { amountFen: 30000, reductionFen: 4000 },
    { amountFen: 10000, reductionFen: 1000 },
  ],
  shipping: { thresholdFen: 80000, noTransOrderAmountFen: 15000 },
};

describe('priceCart: a pharmacy cart', () => {
  const lines: CartLineInput[] = [
    // 阿莫西林胶囊 ¥5.80, type 1 ladder: ≤10 ¥5.60, ≤50 ¥5.20; 20 boxes -> ¥5.20
    line({
      id: 1,
      quantity: 20,
      basePriceFen: 580,
      ladder: {
        type: 1,
        tiers: [
          { quantity: 10, priceFen: 560 },
          { quantity: 50, priceFen: 520 },
        ],
      },
    }),
    // 板蓝根颗粒 ¥12.50 x 8 with its own 满减 of ¥5 and a ¥3.00 换购
    line({
      id: 2,
      quantity: 8,
      basePriceFen: 1250,
      goodsManjianAmountFen: 500,
      gift: { totalFen: 300, type: 2 },
    }),
    // 复方甘草片: no coupons/activities (含麻), ¥30 x 2
    line({ id: 3, quantity: 2, basePriceFen: 3000, withCoupon: false }),
    // 医用外科口罩: not purchasable, forced unselected
    line({ id: 4, quantity: 5, basePriceFen: 2000, isBuy: false }),
    // 连花清瘟胶囊: sold out, forced unselected
    line({ id: 5, quantity: 1, basePriceFen: 2500, stock: 0 }),
    // unselected by the buyer
    line({ id: 6, quantity: 3, basePriceFen: 999, selected: false }),
  ];
  const cart = priceCart(lines, activity);

  it('prices each line', () => {
    const [a, b, c] = cart.lines;
    expect(a).toMatchObject({ unitPriceFen: 520, amountFen: 10400, subtotalFen: 10400 });
    expect(a.ladder.tier).toEqual({ quantity: 50, priceFen: 520 });
    expect(b).toMatchObject({
      unitPriceFen: 1250,
      amountFen: 10000,
      lineReductionFen: 500,
      giftFen: 300,
      subtotalFen: 9800,
    });
    expect(c).toMatchObject({ amountFen: 6000, reductionShareFen: 0, payableFen: 6000 });
  });
  it('forces lines that cannot be bought to unselected, with a reason', () => {
    expect(cart.lines.map((l) => [l.id, l.selected, l.unselectedReason])).toEqual([
      [1, true, null],
      [2, true, null],
      [3, true, null],
      [4, false, 'not_purchasable'],
      [5, false, 'out_of_stock'],
      [6, false, null],
    ]);
    expect(cart).toMatchObject({
      lineCount: 6,
      selectableCount: 4,
      selectedCount: 3,
      allSelected: false,
      selectedQuantity: 30,
    });
  });
  it('totals the selected lines: price x quantity - line reduction + gifts', () => {
    expect(cart.selectedTotalFen).toBe(10400 + 9800 + 6000);
  });
  it('measures tiers on coupon-eligible lines and splits the reduction exactly', () => {
    expect(cart.eligibleAmountFen).toBe(10400 + 9500);
    expect(cart.fullReductionFen).toBe(1000);
    expect(cart.fullReductionTiers.map((t) => [t.amountFen, t.status])).toEqual([
      [10000, 1],
      [30000, 0],
    ]);
    // 1000 split 10400 : 9500 -> 522.6 : 477.4
    expect(cart.lines.map((l) => l.reductionShareFen)).toEqual([523, 477, 0, 0, 0, 0]);
    expect(cart.payableFen).toBe(26200 - 1000);
  });
  it('reports the free-shipping gap and the next hints', () => {
    expect(cart.freeShipping).toEqual({
      thresholdFen: 80000,
      gapFen: 80000 - 26200 - 15000,
      allLinesFreeShipping: false,
      feeApplies: true,
    });
    expect(cart.hints.map((h) => h.text)).toEqual(['再买¥101.00可减¥40', '再买¥388.00即可包邮']);
    expect(cart.nextHint?.kind).toBe('full_reduction');
  });
});

describe('priceCart: rules one at a time', () => {
  it('gives the 再买¥35.20可减¥20 hint', () => {
    const cart = priceCart([line({ id: 1, quantity: 1, basePriceFen: 16480 })], {
      fullReductionTiers: [{ amountFen: 20000, reductionFen: 2000 }],
    });
    expect(cart.nextHint).toEqual({
      kind: 'full_reduction',
      gapFen: 3520,
      reductionFen: 2000,
      text: '再买¥35.20可减¥20',
    });
  });
  it('prices a combination package from the package and splits it across its goods', () => {
    const cart = priceCart([
      line({
        id: 9,
        type: 3,
        quantity: 2,
        basePriceFen: 99999,
        ladder: { type: 0, tiers: [{ quantity: 1, priceFen: 1 }] },
        combination: {
          priceFen: 5000,
          items: [
            { goodsId: 'amxl', quantity: 2, priceFen: 1500 },
            { goodsId: 'blg', quantity: 1, priceFen: 3000 },
          ],
        },
      }),
    ]);
    const [l] = cart.lines;
    expect(l).toMatchObject({
      isCombination: true,
      unitPriceFen: 5000,
      amountFen: 10000,
      ladder: { tier: null, next: null },
    });
    expect(l.combinationItems).toEqual([
      { goodsId: 'amxl', quantity: 4, amountFen: 5000 },
      { goodsId: 'blg', quantity: 2, amountFen: 5000 },
    ]);
  });
  it('waives shipping when every selected line ships free by itself', () => {
    const lines = [
      line({ id: 1, quantity: 10, freeShippingNumber: 10 }),
      line({ id: 2, quantity: 3, freeShippingNumber: 2 }),
    ];
    const cart = priceCart(lines, { shipping: { thresholdFen: 100000 } });
    expect(cart.freeShipping).toMatchObject({
      gapFen: 100000 - 13000,
      allLinesFreeShipping: true,
      feeApplies: false,
    });
    expect(cart.hints).toEqual([]);
    const notAll = priceCart([...lines, line({ id: 3, quantity: 1, freeShippingNumber: 5 })], {
      shipping: { thresholdFen: 100000 },
    });
    expect(notAll.freeShipping.feeApplies).toBe(true);
    expect(notAll.nextHint?.text).toBe('再买¥860.00即可包邮');
  });
  it('reports quantity problems and stepper bounds per line', () => {
    const [l] = priceCart([line({ id: 1, quantity: 7, minQuantity: 2, step: 4, stock: 30 })]).lines;
    expect(l.quantityMessages).toEqual(['购买数量必须是4的整数倍（中包装）']);
    expect(l.quantityBounds).toEqual({ min: 4, max: 28, step: 4 });
  });
  it('caps a per-line reduction at the line amount', () => {
    const cart = priceCart([line({ id: 1, quantity: 1, basePriceFen: 300, goodsManjianAmountFen: 500 })]);
    expect(cart.lines[0]).toMatchObject({ lineReductionFen: 300, subtotalFen: 0 });
  });
  it('prices an empty cart', () => {
    const cart = priceCart([], activity);
    expect(cart).toMatchObject({
      lineCount: 0,
      selectedTotalFen: 0,
      fullReductionFen: 0,
      allSelected: false,
      // No line any activity covers: no 满减 bar or hint, only free shipping's gap.
      leadingActivityId: null,
      fullReductionTiers: [],
      nextHint: { kind: 'free_shipping', gapFen: 65000 },
    });
    expect(cart.freeShipping.feeApplies).toBe(false);
  });

  it('shows no 满减 bar or hint for a cart whose lines no activity covers', () => {
    const cold = {
      id: 7,
      name: '感冒药满减',
      tiers: [{ amountFen: 10000, reductionFen: 1000 }],
      coverage: { goodsIds: [1] },
    };
    const facts = { categoryIds: [], brandId: null, zones: [], ephedrine: false };
    const outside = priceCart([line({ id: 1, goodsId: 2, facts })], { fullReductionActivities: [cold] });
    expect(outside).toMatchObject({ leadingActivityId: null, fullReductionTiers: [], hints: [] });
    // The same activity leads once a line it covers is in the cart, selected or not.
    const unselected = priceCart(
      [line({ id: 1, goodsId: 2, facts }), line({ id: 2, goodsId: 1, facts, selected: false })],
      {
        fullReductionActivities: [cold],
      },
    );
    expect(unselected.leadingActivityId).toBe(7);
    expect(unselected.nextHint).toMatchObject({ kind: 'full_reduction', gapFen: 10000, reductionFen: 1000 });
  });
});

describe('cartLineInput', () => {
  it('accepts engine input and refuses bad lines in Chinese', () => {
    expect(cartLineInput.safeParse(line({ id: 1 })).success).toBe(true);
    const bad = cartLineInput.safeParse(line({ id: 1, quantity: 1.5 }));
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('数量必须为正整数');
    const noPackage = cartLineInput.safeParse(line({ id: 1, type: 3 }));
    expect(noPackage.error?.issues[0].message).toBe('组合套餐缺少套餐信息');
    expect(cartLineInput.safeParse(line({ id: 1, basePriceFen: 12.5 })).error?.issues[0].message).toBe(
      '金额必须精确到分',
    );
  });
});

const lineArb = (id: number): fc.Arbitrary<CartLineInput> =>
  fc.record({
    id: fc.constant(id),
    goodsId: fc.integer({ min: 1, max: 50 }),
    quantity: fc.integer({ min: 0, max: 500 }),
    selected: fc.boolean(),
    withCoupon: fc.boolean(),
    isBuy: fc.constantFrom(true, true, true, false),
    stock: fc.integer({ min: 0, max: 1000 }),
    basePriceFen: fc.integer({ min: 0, max: 100_000 }),
    ladder: fc.option(
      fc.record({
        type: fc.integer({ min: 0, max: 2 }),
        tiers: fc.array(
          fc.record({
            quantity: fc.integer({ min: 1, max: 200 }),
            priceFen: fc.integer({ min: 0, max: 100_000 }),
          }),
          {
            maxLength: 4,
          },
        ),
      }),
    ),
    freeShippingNumber: fc.option(fc.integer({ min: 0, max: 100 })),
    goodsManjianAmountFen: fc.integer({ min: 0, max: 50_000 }),
    gift: fc.option(
      fc.record({ totalFen: fc.integer({ min: 0, max: 10_000 }), type: fc.integer({ min: 1, max: 2 }) }),
    ),
  });

const cartArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 100_000 }), { maxLength: 30 })
  .chain((ids) => fc.tuple(...ids.map(lineArb)))
  .map((lines) => lines as CartLineInput[]);

const activityArb: fc.Arbitrary<CartActivityInput> = fc.record({
  fullReductionTiers: fc.array(
    fc.record(
      {
        amountFen: fc.integer({ min: 0, max: 2_000_000 }),
        reductionFen: fc.integer({ min: 0, max: 500_000 }),
        repeat: fc.boolean(),
        maxReductionFen: fc.integer({ min: 0, max: 500_000 }),
      },
      { requiredKeys: ['amountFen', 'reductionFen'] },
    ),
    { maxLength: 5 },
  ),
  shipping: fc.option(
    fc.record({
      thresholdFen: fc.integer({ min: 0, max: 1_000_000 }),
      noTransOrderAmountFen: fc.integer({ min: 0, max: 1_000_000 }),
    }),
  ),
});

describe('priceCart properties', () => {
  it('no figure is ever negative and every line fits the totals', () => {
    fc.assert(
      fc.property(cartArb, activityArb, (lines, act) => {
        const cart = priceCart(lines, act);
        const figures = [
          cart.selectedTotalFen,
          cart.eligibleAmountFen,
          cart.fullReductionFen,
          cart.payableFen,
          cart.freeShipping.gapFen,
        ];
        for (const l of cart.lines)
          figures.push(l.amountFen, l.subtotalFen, l.reductionShareFen, l.payableFen, l.unitPriceFen);
        const selectedSum = cart.lines.filter((l) => l.selected).reduce((s, l) => s + l.subtotalFen, 0);
        return (
          figures.every((f) => Number.isSafeInteger(f) && f >= 0) && selectedSum === cart.selectedTotalFen
        );
      }),
    );
  });
  it('reduction shares add up exactly to the tier reduction', () => {
    fc.assert(
      fc.property(cartArb, activityArb, (lines, act) => {
        const cart = priceCart(lines, act);
        const shares = cart.lines.reduce((s, l) => s + l.reductionShareFen, 0);
        const payable = cart.lines.filter((l) => l.selected).reduce((s, l) => s + l.payableFen, 0);
        return shares === cart.fullReductionFen && payable === cart.payableFen;
      }),
    );
  });
  it('does not depend on the order of the lines', () => {
    fc.assert(
      fc.property(
        cartArb.chain((lines) =>
          fc.tuple(fc.constant(lines), fc.shuffledSubarray(lines, { minLength: lines.length })),
        ),
        activityArb,
        ([lines, shuffled], act) => {
          const a = priceCart(lines, act);
          const b = priceCart(shuffled, act);
          const byId = (c: typeof a) => new Map(c.lines.map((l) => [l.id, l]));
          expect(byId(b)).toEqual(byId(a));
          expect({ ...b, lines: [] }).toEqual({ ...a, lines: [] });
        },
      ),
    );
  });
});

describe('priceCart: special prices and welfare (line-level promotions)', () => {
  const spike = (unitPriceFen: number, limit?: number) =>
    ({ kind: 'special_price', code: 'spike', promotionId: 9, label: '秒杀', unitPriceFen, limit }) as const;
  const welfare = {
    kind: 'welfare',
    code: 'welfare',
    promotionId: 4,
    label: '福利94折',
    ratePercent: 94,
  } as const;

  it('prices up to the limit at the special price and the rest at the normal price', () => {
    const cart = priceCart([line({ id: 1, quantity: 5, basePriceFen: 1000, special: spike(600, 2) })]);
    const [l] = cart.lines;
    expect(l.amountFen).toBe(5000);
    expect(l.specialFen).toBe(800);
    expect(l.special).toMatchObject({ code: 'spike', units: 2 });
    expect(l.subtotalFen).toBe(4200);
  });

  it('never charges more than the ladder price: a special above it is ignored', () => {
    const cart = priceCart([line({ id: 1, quantity: 3, basePriceFen: 500, special: spike(600) })]);
    expect(cart.lines[0].specialFen).toBe(0);
    expect(cart.lines[0].special).toBeNull();
  });

  it('keeps special-price lines out of full-reduction, lets welfare lines in after their discount', () => {
    const tiers: CartActivityInput = { fullReductionTiers: [{ amountFen: 10000, reductionFen: 1000 }] };
    const special = priceCart(
      [line({ id: 1, quantity: 20, basePriceFen: 1000, special: spike(900) })],
      tiers,
    );
    expect(special.eligibleAmountFen).toBe(0);
    expect(special.fullReductionFen).toBe(0);
    const cart = priceCart([line({ id: 1, quantity: 20, basePriceFen: 1000, special: welfare })], tiers);
    expect(cart.lines[0].specialFen).toBe(1200);
    expect(cart.eligibleAmountFen).toBe(18800);
    expect(cart.fullReductionFen).toBe(1000);
  });

  it('welfare pays the rounded-down part; totals never negative for any special', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 50 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.option(fc.integer({ min: 0, max: 60 })),
        fc.integer({ min: 1, max: 100 }),
        (quantity, base, specialPrice, limit, rate) => {
          for (const special of [
            spike(specialPrice, limit ?? undefined),
            { ...welfare, ratePercent: rate },
          ]) {
            const [l] = priceCart([line({ id: 1, quantity, basePriceFen: base, special })]).lines;
            expect(l.specialFen).toBeGreaterThanOrEqual(0);
            expect(l.subtotalFen).toBeGreaterThanOrEqual(0);
            expect(l.lineReductionFen).toBeLessThanOrEqual(l.amountFen);
          }
        },
      ),
    );
  });
});
