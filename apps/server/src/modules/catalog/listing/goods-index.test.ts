import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normalizeKeyword } from '../search/keyword';
import {
  dayOf,
  GoodsIndex,
  type GoodsTest,
  HAS_EXPIRY,
  IN_STOCK,
  type IndexedGoods,
  type IndexQuery,
  ON_SALE,
  passes,
} from './goods-index';
import { holds, makerTier, matchTier, type Phrase, phrasesOf } from './rank';

// The catalogue index against a plain reading of the same goods: every goods tested one by one,
// ranked by the same rules, after any sequence of changes.

const names = [
  '感冒灵颗粒',
  '999感冒灵颗粒',
  '布洛芬缓释胶囊',
  '芬必得 布洛芬胶囊',
  '维生素C片',
  '板蓝根颗粒',
];
const pinyins = [
  'ganmaolingkeli',
  '999ganmaolingkeli',
  'buluofenhuanshijiaonang',
  'fenbide',
  'weishengsucpian',
  'banlangenkeli',
];
const makers = ['华润三九医药股份有限公司', '中美天津史克制药有限公司', '修正药业集团股份有限公司'];

function goodsOf(
  id: number,
  pick: number,
  sales: number,
  stock: number,
  price: number,
  onSale: boolean,
): IndexedGoods {
  const name = names[pick % names.length];
  const pinyin = pinyins[pick % pinyins.length];
  const maker = makers[pick % makers.length];
  const initials = pinyin.replace(/[aeiou]/g, '').slice(0, 4);
  const approvalNo = `国药准字H${String(20_000_000 + id * 7)}`;
  const barcode = `69${String(10_000_000_000 + id * 13).slice(0, 11)}`;
  return {
    id,
    onSale,
    name,
    commonName: name.replace('999', ''),
    namePinyin: pinyin,
    nameInitials: initials,
    manufacturer: maker,
    manufacturerPinyin: 'huarun',
    manufacturerInitials: 'hr',
    approvalNo,
    barcode,
    searchText: [name, name.replace('999', ''), approvalNo, maker, pinyin, initials, `sku${id}`, barcode]
      .join(' ')
      .toLowerCase(),
    salesCount: sales,
    stockTotal: stock,
    basePriceFen: price,
    createdAt: id * 1_000_000,
    expiresOn: id % 3 ? `2027-0${(id % 9) + 1}-01` : null,
    brandId: id % 2 ? 1 : null,
    zones: id % 4 ? ['yx'] : [],
    ephedrine: false,
    isBuy: id % 5 !== 0,
    scopeClass: id % 2 ? 'otc' : 'rx',
    // Some goods in two categories (a list of both counts them once).
    categoryIds: id % 5 ? [id % 3] : [id % 3, 3],
    controlled: false,
  };
}

const goodsArb = (id: number) =>
  fc
    .record({
      pick: fc.nat(20),
      sales: fc.nat(50),
      stock: fc.nat(3),
      price: fc.integer({ min: 1, max: 500 }),
      onSale: fc.boolean(),
    })
    .map((g) => goodsOf(id, g.pick, g.sales, g.stock, g.price, g.onSale));

const keywords = [
  '感冒',
  '颗粒',
  '布洛芬 胶囊',
  'gm',
  'ganmao',
  'kl',
  '片',
  '999',
  'h2000',
  '华润',
  'c',
  '69100',
];
const sorts = ['default', 'sales', 'price_asc', 'price_desc', 'newest', 'expiry_asc', 'expiry_desc'] as const;

/** The reference: every goods tested, sorted as the lists' statements order them. */
function reference(all: IndexedGoods[], q: IndexQuery): { ids: number[]; total: number } {
  const found = all.filter(
    (g) =>
      passes(q.test, g) &&
      (!q.phrases.length || q.phrases.some((p) => holds(ranked(g).text, p))) &&
      (!q.categoryIds || g.categoryIds.some((c) => q.categoryIds?.includes(c))) &&
      (q.brandId === undefined || g.brandId === q.brandId) &&
      (q.zone === undefined || g.zones.includes(q.zone)),
  );
  const byId = (a: IndexedGoods, b: IndexedGoods) => a.id - b.id;
  const exp = (a: IndexedGoods, b: IndexedGoods, d: number) =>
    a.expiresOn === b.expiresOn
      ? 0
      : a.expiresOn === null
        ? 1
        : b.expiresOn === null
          ? -1
          : a.expiresOn < b.expiresOn
            ? -d
            : d;
  const compare: Record<(typeof sorts)[number], (a: IndexedGoods, b: IndexedGoods) => number> = {
    default: (a, b) => {
      if (!q.phrases.length) return byId(a, b);
      const ta = matchTier(ranked(a), q.phrases);
      const tb = matchTier(ranked(b), q.phrases);
      const buyable = (g: IndexedGoods) => g.stockTotal > 0 && g.isBuy;
      return ta - tb || Number(buyable(b)) - Number(buyable(a)) || b.salesCount - a.salesCount || byId(a, b);
    },
    sales: (a, b) => b.salesCount - a.salesCount || b.id - a.id,
    price_asc: (a, b) => a.basePriceFen - b.basePriceFen || byId(a, b),
    price_desc: (a, b) => b.basePriceFen - a.basePriceFen || b.id - a.id,
    newest: (a, b) => b.createdAt - a.createdAt || b.id - a.id,
    expiry_asc: (a, b) => exp(a, b, 1) || byId(a, b),
    expiry_desc: (a, b) => exp(a, b, -1) || b.id - a.id,
  };
  found.sort(compare[q.sort]);
  return {
    ids: found.slice(q.offset, q.offset + q.size).map((g) => g.id),
    // A category's total is exact; any other stops at the cap.
    total: q.categoryIds && !q.phrases.length ? found.length : Math.min(found.length, q.cap),
  };
}

function ranked(g: IndexedGoods) {
  return {
    text: g.searchText,
    name: g.name.toLowerCase(),
    commonName: g.commonName.toLowerCase(),
    namePinyin: g.namePinyin,
    nameInitials: g.nameInitials,
    approvalNo: g.approvalNo.toLowerCase(),
    barcode: g.barcode,
    maker: g.manufacturer.toLowerCase(),
    makerPinyin: g.manufacturerPinyin,
    makerInitials: g.manufacturerInitials,
  };
}

const inStockTest = (inStock: boolean, minFen = -Infinity, maxFen = Infinity): GoodsTest => ({
  mask: ON_SALE | (inStock ? IN_STOCK : 0),
  want: ON_SALE | (inStock ? IN_STOCK : 0),
  minFen,
  maxFen,
  brandId: null,
  zone: null,
  firstDay: -Infinity,
  lastDay: Infinity,
  rest: null,
});

const query = (
  phrases: Phrase[],
  sort: (typeof sorts)[number],
  offset: number,
  inStock: boolean,
): IndexQuery => ({
  phrases,
  byMaker: false,
  test: inStockTest(inStock),
  scope: null,
  sort,
  offset,
  size: 5,
  cap: 10_000,
  broadRanked: 100,
});

describe('the catalogue index', () => {
  it('lists and counts a keyword as a reading of every goods does, in every sort, after any changes', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((n) =>
          fc.tuple(
            fc.tuple(...Array.from({ length: n }, (_, i) => goodsArb(i + 1))),
            // Changes: a goods replaced by another version of itself (text, sales, stock, sale flag).
            fc.array(
              fc.tuple(fc.integer({ min: 1, max: n }), fc.nat(20), fc.nat(50), fc.nat(3), fc.boolean()),
              {
                maxLength: 15,
              },
            ),
            fc.array(fc.integer({ min: 1, max: n }), { maxLength: 3 }),
          ),
        ),
        fc.constantFrom(...keywords),
        fc.constantFrom(...sorts),
        fc.nat(6),
        fc.boolean(),
        ([initial, changes, removed], keyword, sort, offset, inStock) => {
          const index = GoodsIndex.of(initial);
          const now = new Map(initial.map((g) => [g.id, g]));
          for (const [id, pick, sales, stock, onSale] of changes) {
            const changed = goodsOf(
              id,
              pick,
              sales,
              stock,
              (now.get(id) as IndexedGoods).basePriceFen,
              onSale,
            );
            now.set(id, changed);
            index.apply([changed]);
          }
          for (const id of removed) now.delete(id);
          index.apply([], removed);
          const phrases = phrasesOf([normalizeKeyword(keyword)]);
          const q = query(phrases, sort, offset, inStock);
          expect(index.list(q)).toEqual(reference([...now.values()], q));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('browses categories, a brand, a zone, a price range or the catalogue as a reading of every goods does', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }).chain((n) =>
          fc.tuple(
            fc.tuple(...Array.from({ length: n }, (_, i) => goodsArb(i + 1))),
            // Changes: sales, stock, price and the sale flag of a goods.
            fc.array(
              fc.tuple(
                fc.integer({ min: 1, max: n }),
                fc.nat(50),
                fc.nat(3),
                fc.integer({ min: 1, max: 500 }),
                fc.boolean(),
              ),
              { maxLength: 15 },
            ),
            fc.array(fc.integer({ min: 1, max: n }), { maxLength: 3 }),
          ),
        ),
        fc.oneof(
          fc.record({ categoryIds: fc.subarray([0, 1, 2, 3], { minLength: 1 }) }),
          fc.constant({ brandId: 1 }),
          fc.constant({ zone: 'yx' }),
          fc.constant({}),
        ),
        fc.option(fc.tuple(fc.integer({ min: 1, max: 250 }), fc.integer({ min: 250, max: 500 })), {
          nil: null,
        }),
        fc.constantFrom(...sorts),
        fc.nat(12),
        fc.boolean(),
        fc.constantFrom(8, 10_000),
        // Filters beside the start: a brand, a zone, an expiry window (days of 2027).
        fc.record({
          brand: fc.boolean(),
          zone: fc.boolean(),
          expiry: fc.option(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.integer({ min: 120, max: 250 })), {
            nil: null,
          }),
        }),
        ([initial, changes, removed], start, range, sort, offset, inStock, cap, also) => {
          const index = GoodsIndex.of(initial);
          const now = new Map(initial.map((g) => [g.id, g]));
          for (const [id, sales, stock, price, onSale] of changes) {
            const before = now.get(id) as IndexedGoods;
            const changed = { ...before, salesCount: sales, stockTotal: stock, basePriceFen: price, onSale };
            now.set(id, changed);
            index.apply([changed]);
          }
          for (const id of removed) now.delete(id);
          index.apply([], removed);
          const base = inStockTest(inStock, range?.[0], range?.[1]);
          const jan = dayOf('2027-01-01');
          const test: GoodsTest = {
            ...base,
            // As lists.ts asks: a brand or zone list also tests them (its start is their goods).
            brandId: 'brandId' in start || also.brand ? 1 : null,
            zone: 'zone' in start || also.zone ? 'yx' : null,
            ...(also.expiry && {
              mask: base.mask | HAS_EXPIRY,
              want: base.want | HAS_EXPIRY,
              firstDay: jan + also.expiry[0],
              lastDay: jan + also.expiry[1],
            }),
          };
          const q: IndexQuery = { ...query([], sort, offset, inStock), ...start, test, cap };
          expect(index.list(q)).toEqual(reference([...now.values()], q));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('ranks a broad keyword by its best sellers and walks other sorts, counting up to the cap', () => {
    const goods = Array.from({ length: 60 }, (_, i) => goodsOf(i + 1, i, (i * 7) % 23, i % 3, 100 + i, true));
    const index = GoodsIndex.of(goods);
    const phrases = phrasesOf(['颗粒']);
    const matching = goods.filter((g) => g.searchText.includes('颗粒'));
    expect(matching.length).toBeGreaterThan(10);
    const q = { ...query(phrases, 'sales', 0, false), cap: 10, size: 5 };
    const page = index.list(q);
    expect(page.total).toBe(10);
    const bySales = [...matching].sort((a, b) => b.salesCount - a.salesCount || b.id - a.id);
    expect(page.ids).toEqual(bySales.slice(0, 5).map((g) => g.id));
    // Ranked: the best sellers (at least broadRanked of them) ordered by tier, buyable, sales.
    const ranked = index.list({ ...q, sort: 'default', broadRanked: 8 });
    const pool = bySales.slice(0, 8);
    const want = reference(pool, { ...q, sort: 'default', cap: 100 }).ids;
    expect(ranked.ids).toEqual(want);
  });

  it('suggests distinct names by tier, best seller and text, and makers weighed on all their goods', () => {
    const goods = Array.from({ length: 30 }, (_, i) => goodsOf(i + 1, i, i, 1, 100, i !== 0));
    const index = GoodsIndex.of(goods);
    const names = index.suggest(phrasesOf(['感冒灵']), false);
    // Both start with it (a name, a generic name): the one whose goods sell more comes first.
    expect(names).toEqual(['999感冒灵颗粒', '感冒灵颗粒']);
    const found = index.suggest(phrasesOf(['华润']), true);
    expect(found).toEqual(['华润三九医药股份有限公司']);
    const tiers = makers.map((m) =>
      makerTier(ranked(goodsOf(1, makers.indexOf(m), 0, 0, 0, true)), phrasesOf(['hr'])),
    );
    expect(tiers.every((t) => t === 1)).toBe(true);
    // A goods off sale is never suggested: the name only it carries is gone once it leaves.
    index.apply(goods.filter((g) => g.name === '维生素C片').map((g) => ({ ...g, onSale: false })));
    expect(index.suggest(phrasesOf(['维生素']), false)).toEqual([]);
  });
});
