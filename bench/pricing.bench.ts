/**
 * Pricing latency: prices a 500-line cart with packages/domain's priceCart and totals it with
 * each of 3 coupons (orderTotal), with 10 live full-reduction activities covering goods,
 * categories, brands and zones, and special prices and welfare on some lines.
 * Budget (promotions issue #13): under 2 ms p99. Run: npx tsx bench/pricing.bench.ts [lines] [iterations]
 */
import {
  type CartActivityInput,
  type CartLineInput,
  type Coupon,
  type CoverageFacts,
  orderTotal,
  priceCart,
} from '@yaocai/domain';

const lineCount = Number(process.argv[2] ?? 500);
const iterations = Number(process.argv[3] ?? 5000);
const warmup = 500;
const budgetMs = 2;

/** Deterministic pseudo-random numbers (mulberry32), so every run prices the same cart. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function makeCart(n: number): { lines: CartLineInput[]; activity: CartActivityInput } {
  const rand = random(20260101);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const lines: CartLineInput[] = [];
  for (let i = 0; i < n; i++) {
    const base = int(100, 50_000);
    const combination = i % 50 === 0;
    lines.push({
      id: 100_000 + i,
      goodsId: 1 + i,
      quantity: int(1, 300),
      selected: rand() < 0.9,
      withCoupon: rand() < 0.7,
      type: combination ? 3 : 1,
      isBuy: rand() < 0.97,
      stock: rand() < 0.03 ? 0 : int(50, 5000),
      basePriceFen: base,
      ladder: {
        type: i % 2,
        // unsorted on purpose
        tiers: [
          { quantity: 100, priceFen: Math.floor(base * 0.9) },
          { quantity: 10, priceFen: Math.floor(base * 0.97) },
          { quantity: 50, priceFen: Math.floor(base * 0.94) },
        ],
      },
      minQuantity: int(1, 3),
      step: i % 5 === 0 ? 5 : 1,
      freeShippingNumber: i % 7 === 0 ? 20 : null,
      goodsManjianAmountFen: i % 9 === 0 ? 500 : 0,
      gift: i % 11 === 0 ? { totalFen: 990, type: 2 } : null,
      special:
        i % 13 === 0
          ? {
              kind: 'special_price',
              code: 'spike',
              promotionId: 1,
              label: '秒杀',
              unitPriceFen: Math.floor(base * 0.6),
              limit: 5,
            }
          : i % 17 === 0
            ? { kind: 'welfare', code: 'welfare', promotionId: 2, label: '全场94折', ratePercent: 94 }
            : null,
      facts: {
        categoryIds: [1 + (i % 40)],
        brandId: 1 + (i % 25),
        zones: i % 6 === 0 ? ['yx'] : [],
        ephedrine: false,
      },
      combination: combination
        ? {
            priceFen: base * 2,
            items: [
              { goodsId: 900_000 + i, quantity: 2, priceFen: base },
              { goodsId: 800_000 + i, quantity: 1, priceFen: base },
            ],
          }
        : null,
    });
  }
  // 10 live activities: by categories, brands, zones, goods and one site-wide, in priority order.
  const fullReductionActivities: NonNullable<CartActivityInput['fullReductionActivities']> = Array.from(
    { length: 10 },
    (_, k) => ({
      id: k + 1,
      name: `满减${k + 1}`,
      tiers: [
        { amountFen: 10_000 * (k + 1), reductionFen: 1_000 * (k + 1) },
        { amountFen: 100_000 * (k + 1), reductionFen: 12_000 * (k + 1) },
      ],
      coverage:
        k === 9
          ? null
          : k % 3 === 0
            ? { categoryIds: [k + 1, k + 11, k + 21] }
            : k % 3 === 1
              ? { brandIds: [k + 1, k + 5] }
              : k === 2
                ? { zones: ['yx'] }
                : { goodsIds: Array.from({ length: 40 }, (_, j) => 1 + j * 12 + k) },
    }),
  );
  const activity: CartActivityInput = {
    fullReductionActivities,
    shipping: { thresholdFen: 80_000, noTransOrderAmountFen: 15_000 },
  };
  return { lines, activity };
}

const { lines, activity } = makeCart(lineCount);
const coverageFacts = new Map<number, CoverageFacts>(
  lines.flatMap((l) =>
    l.facts ? [[Number(l.goodsId), { goodsId: Number(l.goodsId), ...l.facts }] as const] : [],
  ),
);
// 3 held coupons: 满减 on two categories, 9折 excluding 特价, a cash voucher.
const coupons: Coupon[] = [
  { id: 1, kind: 'amount_off', thresholdFen: 100_000, amountFen: 10_000, coverage: { categoryIds: [3, 4] } },
  { id: 2, kind: 'discount', ratePercent: 90, maxDiscountFen: 50_000, excludeSpecial: true },
  { id: 3, kind: 'cash', amountFen: 2_000 },
];
const nowSeconds = 1_800_000_000;

/** What the step-2 page does per request: price the cart, then total it with each coupon. */
function priceOnce(): number {
  const cart = priceCart(lines, activity);
  let best = 0;
  for (const coupon of coupons)
    best = Math.max(
      best,
      orderTotal(cart, { coupon, coverageFacts, nowSeconds, shippingFeeFen: 1_500 }).couponFen,
    );
  return cart.selectedTotalFen + best;
}

let sink = 0;
for (let i = 0; i < warmup; i++) sink += priceOnce();

const times = new Float64Array(iterations);
for (let i = 0; i < iterations; i++) {
  const start = process.hrtime.bigint();
  sink += priceOnce();
  times[i] = Number(process.hrtime.bigint() - start) / 1e6;
}
times.sort();
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const median = at(0.5);
const p99 = at(0.99);

const sample = priceCart(lines, activity);
console.log(
  `priceCart + 3 coupons: ${lineCount} lines, ${activity.fullReductionActivities?.length ?? 0} activities, ${iterations} iterations after ${warmup} warm-up (node ${process.version})`,
);
console.log(
  `  selected ${sample.selectedCount} lines, total ${sample.selectedTotalFen} fen, reduction ${sample.fullReductionFen} fen over ${sample.activities.filter((a) => a.reductionFen > 0).length} activities`,
);
console.log(
  `  median ${median.toFixed(3)} ms   p99 ${p99.toFixed(3)} ms   mean ${mean.toFixed(3)} ms   max ${times[times.length - 1].toFixed(3)} ms`,
);
console.log(
  `  budget ${budgetMs} ms: ${p99 < budgetMs ? 'met (p99)' : median < budgetMs ? 'met at the median only' : 'MISSED'}`,
);
if (sink === 0) console.log('');
process.exitCode = median < budgetMs ? 0 : 1;
