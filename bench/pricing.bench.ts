/**
 * Pricing latency: prices a 500-line cart with packages/domain's priceCart.
 * Budget (cart issue): under 2 ms. Run: npx tsx bench/pricing.bench.ts [lines] [iterations]
 */
import { type CartActivityInput, type CartLineInput, priceCart } from '@yaocai/domain';

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
  const activity: CartActivityInput = {
    fullReductionTiers: [
      { amountFen: 10_000, reductionFen: 1_000 },
      { amountFen: 50_000, reductionFen: 6_000 },
      { amountFen: 10_000_000, reductionFen: 1_500_000 },
      { amountFen: 100_000_000, reductionFen: 20_000_000 },
      { amountFen: 100_000, reductionFen: 5_000, repeat: true, maxReductionFen: 5_000_000 },
    ],
    shipping: { thresholdFen: 80_000, noTransOrderAmountFen: 15_000 },
  };
  return { lines, activity };
}

const { lines, activity } = makeCart(lineCount);
let sink = 0;
for (let i = 0; i < warmup; i++) sink += priceCart(lines, activity).selectedTotalFen;

const times = new Float64Array(iterations);
for (let i = 0; i < iterations; i++) {
  const start = process.hrtime.bigint();
  sink += priceCart(lines, activity).selectedTotalFen;
  times[i] = Number(process.hrtime.bigint() - start) / 1e6;
}
times.sort();
const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))];
const mean = times.reduce((a, b) => a + b, 0) / times.length;
const median = at(0.5);
const p99 = at(0.99);

const sample = priceCart(lines, activity);
console.log(
  `priceCart: ${lineCount} lines, ${iterations} iterations after ${warmup} warm-up (node ${process.version})`,
);
console.log(
  `  selected ${sample.selectedCount} lines, total ${sample.selectedTotalFen} fen, reduction ${sample.fullReductionFen} fen`,
);
console.log(
  `  median ${median.toFixed(3)} ms   p99 ${p99.toFixed(3)} ms   mean ${mean.toFixed(3)} ms   max ${times[times.length - 1].toFixed(3)} ms`,
);
console.log(
  `  budget ${budgetMs} ms: ${p99 < budgetMs ? 'met (p99)' : median < budgetMs ? 'met at the median only' : 'MISSED'}`,
);
if (sink === 0) console.log('');
process.exitCode = median < budgetMs ? 0 : 1;
