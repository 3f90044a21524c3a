import {
  addMonths,
  beijingToday,
  goodsDetail,
  goodsListData,
  nearExpiryWindow,
  scopeClassCodes,
} from '@yaocai/domain';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { cartItems, categories, goods, goodsCategories } from '../../db/schema';
import { testBuyer } from '../account/test-buyers';
import { loadOrderSettings } from '../order/settings';
import { invalidateGoodsLists, LIST_MAX_OFFSET, LIST_TOTAL_CAP } from './queries';

let ctx: TestContext;
let approved: { userId: number; cookie: string };
let pending: { userId: number; cookie: string };
let narrow: { userId: number; cookie: string };

const get = async (url: string, cookie?: string) => {
  const res = await ctx.app.inject({ url, headers: cookie ? { cookie } : {} });
  return { status: res.statusCode, body: res.json() };
};
const list = async (query: string, cookie?: string) => {
  const res = await get(`/api/goods/list?${query}`, cookie);
  expect(res.status).toBe(200);
  return goodsListData.parse(res.body.data);
};
const post = async (url: string, payload: unknown, cookie?: string) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json() };
};

beforeAll(async () => {
  ctx = await createTestApp();
  approved = await testBuyer(ctx.app, { status: 'approved', scope: [...scopeClassCodes] });
  pending = await testBuyer(ctx.app, { status: 'pending', scope: [...scopeClassCodes] });
  narrow = await testBuyer(ctx.app, { status: 'approved', scope: ['fcfy', 'hxyzj', 'zcy'] });
}, 60_000);
afterAll(() => ctx?.close());

type GoodsRow = typeof goods.$inferSelect;
const expiryOf = (g: GoodsRow) => g.expiresOn ?? null;
/** listOrder's sorts, written again over goods rows: what a full scan of the goods would answer. */
const listedOrder: Record<string, (a: GoodsRow, b: GoodsRow) => number> = {
  default: (a, b) => a.id - b.id,
  sales: (a, b) => b.salesCount - a.salesCount || b.id - a.id,
  price_asc: (a, b) => a.basePriceFen - b.basePriceFen || a.id - b.id,
  price_desc: (a, b) => b.basePriceFen - a.basePriceFen || b.id - a.id,
  newest: (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id,
  expiry_asc: (a, b) => {
    const [x, y] = [expiryOf(a), expiryOf(b)];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x < y ? -1 : 1;
    return a.id - b.id;
  },
  expiry_desc: (a, b) => {
    const [x, y] = [expiryOf(a), expiryOf(b)];
    if (x !== y) return x === null ? 1 : y === null ? -1 : x > y ? -1 : 1;
    return b.id - a.id;
  },
};
const listSorts = Object.keys(listedOrder);
/** Each sort plain, in stock, and in stock within 5–30 yuan. */
const browseVariants = [
  [false, undefined, undefined],
  [true, undefined, undefined],
  [true, 5, 30],
] as const;
const variantQuery = (sort: string, inStock: boolean, min?: number, max?: number) =>
  `&sort=${sort}${inStock ? '&in_stock=1' : ''}${min === undefined ? '' : `&min_price=${min}&max_price=${max}`}`;
const kept = (rows: GoodsRow[], inStock: boolean, min?: number, max?: number) =>
  rows.filter(
    (g) =>
      g.isOnSale &&
      (!inStock || g.stockTotal > 0) &&
      (min === undefined || g.basePriceFen >= min * 100) &&
      (max === undefined || g.basePriceFen <= max * 100),
  );

describe('GET /api/goods/list', () => {
  it('pages the demo catalogue with a total', async () => {
    const page1 = await list('page=1&page_size=20');
    expect(page1.total).toBeGreaterThanOrEqual(300);
    expect(page1.list).toHaveLength(20);
    const page2 = await list('page=2&page_size=20');
    expect(page2.list[0].id).not.toBe(page1.list[0].id);
    expect(page2.total).toBe(page1.total);
    const beyond = await list('page=1000&page_size=100');
    expect(beyond.list).toEqual([]);
  });

  it('hides prices from visitors and unapproved buyers', async () => {
    const visitor = await list('page_size=5');
    for (const g of visitor.list) {
      expect(g.price_visibility).toBe('login');
      expect(g.price_tip).toBe('登录后查看价格');
      expect(g.base_price).toBeNull();
      expect(g.retail_price).toBeNull();
      expect(g.ladder_price).toEqual([]);
      expect(g.in_scope).toBeNull();
    }
    const waiting = await list('page_size=5', pending.cookie);
    for (const g of waiting.list) {
      expect(g.price_visibility).toBe('pending');
      expect(g.price_tip).toBe('资质审核通过后可见');
      expect(g.base_price).toBeNull();
    }
    const buyer = await list('page_size=5', approved.cookie);
    for (const g of buyer.list) {
      expect(g.price_visibility).toBe('visible');
      expect(g.base_price).toBeGreaterThan(0);
      expect(g.in_scope).toBe(true);
    }
  });

  it('sends ladder tiers of both ladder types to buyers who see prices', async () => {
    const all = await list('page_size=100', approved.cookie);
    const laddered = all.list.filter((g) => g.ladder_price.length > 0);
    expect(new Set(laddered.map((g) => g.ladder_price_type))).toEqual(new Set([1, 2]));
  });

  it('explains goods outside the business scope', async () => {
    const rx = await list('page_size=100', narrow.cookie);
    const refused = rx.list.find((g) => g.rx_class === 'rx');
    expect(refused?.in_scope).toBe(false);
    expect(refused?.scope_message).toBe(
      '超出经营范围：需具备「处方药」经营范围，请上传载明该范围的「药品经营许可证」或「医疗机构执业许可证」',
    );
  });

  it('filters by category including descendants', async () => {
    const [root] = await ctx.database.db.select().from(categories).where(eqCode('n-xy'));
    const parent = await list(`category_id=${root.id}&page_size=100`);
    expect(parent.total).toBeGreaterThan(20);
    const [leaf] = await ctx.database.db.select().from(categories).where(eqCode('n-xy-kgr'));
    const child = await list(`category_id=${leaf.id}&page_size=100`);
    expect(child.total).toBeGreaterThan(0);
    expect(child.total).toBeLessThan(parent.total);
    expect(parent.list.map((g) => g.id)).toEqual(
      expect.arrayContaining(child.list.slice(0, 5).map((g) => g.id)),
    );
    expect((await list('category_id=999999')).total).toBe(0);
  });

  it('finds goods by Chinese name, full pinyin and initials, and by manufacturer', async () => {
    for (const k of ['阿莫西林', 'amoxilin', 'amxl', 'AMXL']) {
      const r = await list(`keywords=${encodeURIComponent(k)}`);
      expect(r.total, k).toBeGreaterThan(0);
      expect(
        r.list.every((g) => g.name.includes('阿莫西林') || g.common_name.includes('阿莫西林')),
        k,
      ).toBe(true);
    }
    const byMaker = await list(`keywords=${encodeURIComponent('hbzy')}&type=1`);
    expect(byMaker.total).toBeGreaterThan(0);
    expect(byMaker.list.every((g) => g.sccj.startsWith('华北制药'))).toBe(true);
    const exact = await list(`sccj=${encodeURIComponent(byMaker.list[0].sccj)}&page_size=100`);
    expect(exact.list.every((g) => g.sccj === byMaker.list[0].sccj)).toBe(true);
  });

  it('filters by brand, zone, tag, stock and price range', async () => {
    const branded = (await list('page_size=100')).list.find((g) => g.brand)!;
    const brand = await list(`brand_id=${branded.brand!.id}&page_size=100`);
    expect(brand.list.every((g) => g.brand?.id === branded.brand!.id)).toBe(true);
    for (const zone of ['yx', 'zyyp', 'qxzq', 'jxqzc', 'kxzq', 'ppzq']) {
      const z = await list(`zone=${zone}&page_size=100`);
      expect(z.total, zone).toBeGreaterThan(0);
      expect(z.list.every((g) => g.zones.includes(zone))).toBe(true);
    }
    const tagged = await list(`tag=${encodeURIComponent('满')}&page_size=100`);
    expect(tagged.total).toBeGreaterThan(0);
    expect(tagged.list.every((g) => g.tags.includes('满'))).toBe(true);
    const inStock = await list('in_stock=1&page_size=100');
    expect(inStock.list.every((g) => g.number > 0)).toBe(true);
    expect(inStock.total).toBeLessThan((await list('page_size=1')).total);
    const priced = await list('min_price=10&max_price=20&page_size=100', approved.cookie);
    expect(priced.total).toBeGreaterThan(0);
    expect(priced.list.every((g) => g.base_price! >= 10 && g.base_price! <= 20)).toBe(true);
    expect((await list('min_price=20&max_price=10')).total).toBe(0);
  });

  /** Every id of a list, page by page (page_size 100). */
  const allIds = async (query: string) => {
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const r = await list(`${query}&page=${page}&page_size=100`);
      ids.push(...r.list.map((g) => g.id));
      if (r.list.length < 100) return { ids, total: r.total };
    }
  };

  it('keeps a category in stock list and its total right as stock runs out and comes back', async () => {
    const db = ctx.database.db;
    const top = (await ctx.app.inject({ url: '/api/focus/common' })).json().data.category[0].id as number;
    const before = await allIds(`category_id=${top}&in_stock=1`);
    // The total (counted from the category links) agrees with the rows the pages list.
    expect(before.total).toBe(before.ids.length);
    expect(before.total).toBeGreaterThan(1);
    const [gone, back] = before.ids.slice(-2);
    const stockOf = await db
      .select({ id: goods.id, stock: goods.stockTotal })
      .from(goods)
      .where(inArray(goods.id, [gone, back]));
    // Stock moves as orders and receipts move it: on goods.stock_total.
    await db
      .update(goods)
      .set({ stockTotal: 0 })
      .where(inArray(goods.id, [gone, back]));
    invalidateGoodsLists();
    const out = await allIds(`category_id=${top}&in_stock=1`);
    expect(out.total).toBe(before.total - 2);
    expect(out.ids).toEqual(before.ids.filter((id) => id !== gone && id !== back));
    // Still listed without the filter (out of stock, not off sale), with stock 0.
    const everything = await allIds(`category_id=${top}`);
    expect(everything.ids).toEqual(expect.arrayContaining([gone, back]));
    await db
      .update(goods)
      .set({ stockTotal: stockOf.find((r) => r.id === back)!.stock })
      .where(eq(goods.id, back));
    invalidateGoodsLists();
    const again = await allIds(`category_id=${top}&in_stock=1`);
    expect(again.total).toBe(before.total - 1);
    expect(again.ids).toContain(back);
    expect(again.ids).not.toContain(gone);
    await db
      .update(goods)
      .set({ stockTotal: stockOf.find((r) => r.id === gone)!.stock })
      .where(eq(goods.id, gone));
    invalidateGoodsLists();
  });

  it('lists a category in every sort, in stock and in a price range as the goods themselves order, also after their price, sales and sale flag change', async () => {
    const db = ctx.database.db;
    const refs = (await ctx.app.inject({ url: '/api/focus/common' })).json().data.category as {
      id: number;
      children: { id: number }[];
    }[];
    const top = refs.find((c) => c.children.length > 0)!;
    const within = [top.id, ...top.children.map((c) => c.id)];
    const expected = async (sort: string, inStock: boolean, min?: number, max?: number) => {
      const linked = await db
        .selectDistinct({ id: goodsCategories.goodsId })
        .from(goodsCategories)
        .where(inArray(goodsCategories.categoryId, within));
      const rows = await db
        .select()
        .from(goods)
        .where(
          inArray(
            goods.id,
            linked.map((l) => l.id),
          ),
        );
      return kept(rows, inStock, min, max)
        .sort(listedOrder[sort])
        .map((g) => g.id);
    };
    const check = async () => {
      for (const sort of listSorts)
        for (const [inStock, min, max] of browseVariants) {
          const q = `category_id=${top.id}${variantQuery(sort, inStock, min, max)}`;
          const got = await allIds(q);
          const want = await expected(sort, inStock, min, max);
          expect(got.ids, q).toEqual(want);
          expect(got.total, q).toBe(want.length);
        }
    };
    await check();
    // Writes anywhere on the goods (orders, payments, the console) move the category lists too.
    const sample = (await expected('default', false)).slice(0, 3);
    await db.update(goods).set({ basePriceFen: 2_000, salesCount: 999_999 }).where(eq(goods.id, sample[0]));
    await db.update(goods).set({ isOnSale: false }).where(eq(goods.id, sample[1]));
    await db.update(goods).set({ expiresOn: '2030-01-01' }).where(eq(goods.id, sample[2]));
    invalidateGoodsLists();
    await check();
    expect((await list(`category_id=${top.id}&sort=sales&page_size=1`)).list[0].id).toBe(sample[0]);
    await db.update(goods).set({ isOnSale: true }).where(eq(goods.id, sample[1]));
    invalidateGoodsLists();
  });

  it('lists a brand, a zone, the whole catalogue and a category of a brand in every sort, in stock and in a price range as the goods themselves order, also after goods change brand, zones, price, stock and sale flag', async () => {
    const db = ctx.database.db;
    const all = await db.select().from(goods);
    // The zone most goods are in, and the brand with most in-stock goods in it.
    const tally = <K>(keys: K[]) => {
      const counts = new Map<K, number>();
      for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0][0];
    };
    const zone = tally(all.flatMap((g) => g.zones));
    const brandId = tally(
      all
        .filter((g) => g.brandId !== null && g.zones.includes(zone) && g.stockTotal > 0)
        .map((g) => g.brandId!),
    );
    // The category (with its descendants) most of the brand's goods are linked to.
    const tree = await db.select({ id: categories.id, parentId: categories.parentId }).from(categories);
    const within = (top: number) => {
      const ids = new Set([top]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const c of tree)
          if (c.parentId !== null && ids.has(c.parentId) && !ids.has(c.id)) {
            ids.add(c.id);
            grew = true;
          }
      }
      return ids;
    };
    const brandGoods = new Set(all.filter((g) => g.brandId === brandId).map((g) => g.id));
    const links = await db.select().from(goodsCategories);
    const categoryId = tally(links.filter((l) => brandGoods.has(l.goodsId)).map((l) => l.categoryId));
    // The 近效期 window (站点设置's months from today in Beijing) and a shelf life of 12 months.
    const today = beijingToday(ctx.app.clock.now());
    const near = nearExpiryWindow(today, (await loadOrderSettings(db)).nearExpiryMonths);
    const inWindow = (g: GoodsRow) =>
      g.expiresOn !== null && g.expiresOn > near.after && g.expiresOn < near.before;
    const shelfFrom = addMonths(today, 12);
    const check = async () => {
      const rows = await db.select().from(goods);
      const inCategory = new Set(
        (await db.select().from(goodsCategories))
          .filter((l) => within(categoryId).has(l.categoryId))
          .map((l) => l.goodsId),
      );
      const lists = [
        { q: `brand_id=${brandId}`, member: (g: GoodsRow) => g.brandId === brandId },
        { q: `zone=${zone}`, member: (g: GoodsRow) => g.zones.includes(zone) },
        { q: 'keywords=', member: () => true },
        {
          q: `brand_id=${brandId}&zone=${zone}`,
          member: (g: GoodsRow) => g.brandId === brandId && g.zones.includes(zone),
        },
        {
          q: `category_id=${categoryId}&brand_id=${brandId}`,
          member: (g: GoodsRow) => g.brandId === brandId && inCategory.has(g.id),
        },
        { q: 'zone=jxqzc', member: inWindow },
        {
          q: `category_id=${categoryId}&shelf_months=12`,
          member: (g: GoodsRow) => inCategory.has(g.id) && g.expiresOn !== null && g.expiresOn >= shelfFrom,
        },
      ];
      for (const { q: base, member } of lists)
        for (const sort of listSorts)
          for (const [inStock, min, max] of browseVariants) {
            const q = `${base}${variantQuery(sort, inStock, min, max)}`;
            const want = kept(rows.filter(member), inStock, min, max)
              .sort(listedOrder[sort])
              .map((g) => g.id);
            const got = await allIds(q);
            expect(got.ids, q).toEqual(want);
            expect(got.total, q).toBe(Math.min(want.length, LIST_TOTAL_CAP));
            if (!inStock && min === undefined) expect(want.length, q).toBeGreaterThan(0);
          }
    };
    await check();
    // A goods joins the brand and the zone, one leaves both, one runs out, one is repriced.
    const outside = all.filter((g) => g.brandId !== brandId && !g.zones.includes(zone) && g.isOnSale);
    const inside = all.filter((g) => g.brandId === brandId && g.zones.includes(zone) && g.stockTotal > 0);
    expect(outside.length).toBeGreaterThan(0);
    expect(inside.length).toBeGreaterThan(2);
    const [joiner, leaver, emptied, repriced] = [outside[0], inside[0], inside[1], inside[2]];
    await db
      .update(goods)
      .set({ brandId, zones: [...joiner.zones, zone, zone] })
      .where(eq(goods.id, joiner.id));
    await db
      .update(goods)
      .set({ brandId: joiner.brandId, zones: leaver.zones.filter((z) => z !== zone) })
      .where(eq(goods.id, leaver.id));
    await db.update(goods).set({ stockTotal: 0 }).where(eq(goods.id, emptied.id));
    await db
      .update(goods)
      .set({ basePriceFen: 1_234, salesCount: 777_777, isOnSale: true, expiresOn: addMonths(today, 1) })
      .where(eq(goods.id, repriced.id));
    invalidateGoodsLists();
    await check();
    expect((await list(`brand_id=${brandId}&sort=sales&page_size=1`)).list[0].id).toBe(repriced.id);
    expect((await allIds(`zone=${zone}`)).ids).toContain(joiner.id);
    expect((await allIds(`brand_id=${brandId}`)).ids).not.toContain(leaver.id);
    expect((await allIds('zone=jxqzc')).ids).toContain(repriced.id);
    // Put them back for the other tests.
    for (const g of [joiner, leaver, emptied, repriced])
      await db
        .update(goods)
        .set({
          brandId: g.brandId,
          zones: g.zones,
          stockTotal: g.stockTotal,
          basePriceFen: g.basePriceFen,
          salesCount: g.salesCount,
          expiresOn: g.expiresOn,
        })
        .where(eq(goods.id, g.id));
    invalidateGoodsLists();
    // Some 700 lists asked through the app: on a busy 2-core machine more than the default 30 s.
  }, 90_000);

  it('finds one- and two-character keywords (Chinese, initials, any case) in every searched field exactly as a scan of every goods would', async () => {
    const rows = await ctx.database.db
      .select({
        id: goods.id,
        name: goods.name,
        commonName: goods.commonName,
        namePinyin: goods.namePinyin,
        nameInitials: goods.nameInitials,
        manufacturer: goods.manufacturer,
        manufacturerPinyin: goods.manufacturerPinyin,
        manufacturerInitials: goods.manufacturerInitials,
        approvalNo: goods.approvalNo,
        sku: goods.sku,
        barcode: goods.barcode,
      })
      .from(goods)
      .where(eq(goods.isOnSale, true));
    // A goods search looks in every field a buyer may type (catalog/search/match.ts).
    const byName = (k: string) =>
      rows
        .filter((g) =>
          [
            g.name,
            g.commonName,
            g.namePinyin,
            g.nameInitials,
            g.manufacturer,
            g.approvalNo,
            g.sku,
            g.barcode,
          ].some((t) => t.toLowerCase().includes(k.toLowerCase())),
        )
        .map((g) => g.id)
        .sort((a, b) => a - b);
    const byMaker = (k: string) =>
      rows
        .filter((g) =>
          [g.manufacturer, g.manufacturerPinyin, g.manufacturerInitials].some((t) =>
            t.toLowerCase().includes(k.toLowerCase()),
          ),
        )
        .map((g) => g.id)
        .sort((a, b) => a - b);
    let found = 0;
    for (const k of ['片', '感冒', '胶囊', 'gm', 'GM', 'a', 'X', '维C', '%', '钙']) {
      // As typed: 维C is also an alias of 维生素C (modules/search), which this scan does not know.
      const r = await allIds(`keywords=${encodeURIComponent(k)}&no_alias=1`);
      expect(
        [...r.ids].sort((a, b) => a - b),
        k,
      ).toEqual(byName(k));
      expect(r.total, k).toBe(r.ids.length);
      found += r.ids.length;
    }
    // A page past the matches is empty and still carries their total.
    const beyond = await list(`keywords=${encodeURIComponent('胶囊')}&page=50&page_size=100`);
    expect(beyond.list).toEqual([]);
    expect(beyond.total).toBe(byName('胶囊').length);
    expect(beyond.total).toBeGreaterThan(0);
    for (const k of ['药', 'hb', 'HBZY', '华']) {
      const r = await allIds(`keywords=${encodeURIComponent(k)}&type=1`);
      expect(
        [...r.ids].sort((a, b) => a - b),
        k,
      ).toEqual(byMaker(k));
    }
    expect(found).toBeGreaterThan(50);
  });

  it('answers pages beyond the walk limit empty, with the total', async () => {
    const r = await list(`page=${LIST_MAX_OFFSET / 100 + 1}&page_size=100`);
    expect(r.list).toEqual([]);
    expect(r.total).toBeGreaterThanOrEqual(300);
  });

  it('sorts by sales, price and newest', async () => {
    const sales = (await list('sort=sales&page_size=50')).list.map((g) => g.sales);
    expect(sales).toEqual([...sales].sort((a, b) => b - a));
    // The demo's 控销 goods for other regions stay unpriced for this buyer (base_price null).
    const priced = (q: string) =>
      list(q, approved.cookie).then((d) =>
        d.list.flatMap((g) => (g.base_price === null ? [] : [g.base_price])),
      );
    const asc = await priced('sort=price_asc&page_size=50');
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = await priced('sort=price_desc&page_size=50');
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const newest = await list('sort=newest&page_size=10');
    const rows = await ctx.database.db.select({ id: goods.id, at: goods.createdAt }).from(goods);
    const at = new Map(rows.map((r) => [r.id, r.at.getTime()]));
    const times = newest.list.map((g) => at.get(g.id)!);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const def = (await list('sort=default&page_size=10')).list.map((g) => g.id);
    expect(def).toEqual([...def].sort((a, b) => a - b));
  });

  it('refuses bad input with 422, never 500', async () => {
    for (const q of [
      'page=-1',
      'page=0',
      'page=abc',
      'page_size=1000',
      'sort=random',
      'category_id=abc',
      'category_id=-3',
      `keywords=${'a'.repeat(10_000)}`,
      'zone=nope',
      'in_stock=7',
      'min_price=-1',
    ]) {
      const res = await get(`/api/goods/list?${q}`);
      expect(res.status, q.slice(0, 40)).toBe(422);
      expect(res.body.code).toBe(422);
    }
  });

  it('treats SQL, HTML and LIKE wildcards in keywords as plain text', async () => {
    for (const k of ["' or 1=1 --", '"; drop table goods; --', '<script>alert(1)</script>', '_', '\\']) {
      const r = await list(`keywords=${encodeURIComponent(k)}`);
      expect(r.total, k).toBe(0);
    }
    // "%" only finds names that really contain a per-cent sign (e.g. 75%酒精).
    const percent = await list(`keywords=${encodeURIComponent('%')}&page_size=100`);
    expect(percent.total).toBeLessThan(10);
    expect(percent.list.every((g) => `${g.name}${g.common_name}`.includes('%'))).toBe(true);
    expect((await list('page_size=1')).total).toBeGreaterThanOrEqual(300);
  });
});

describe('GET /api/goods/detail/{id}', () => {
  it('answers the detail with stock per warehouse, categories and activity ids', async () => {
    const first = (await list('page_size=1')).list[0];
    const res = await get(
      `/api/goods/detail/${first.id}?goods_price_id=3&ladder_price_id=4&is_yj=1`,
      approved.cookie,
    );
    expect(res.status).toBe(200);
    const d = goodsDetail.parse(res.body.data);
    expect(d.id).toBe(first.id);
    expect(d.stock.length).toBeGreaterThan(0);
    expect(d.stock.reduce((s, x) => s + x.number, 0)).toBe(d.number);
    expect(d.stock[0].name).toMatch(/仓/);
    expect(d.categories.some((c) => c.menu === 'normal')).toBe(true);
    expect(d.gallery).toHaveLength(3);
    expect(d.image).toBe(`/media/goods/${d.id}.svg`);
    expect([d.goods_price_id, d.ladder_price_id, d.is_yj]).toEqual([3, 4, 1]);
    expect(d.description.length).toBeGreaterThan(10);
    expect(d.is_favorite).toBe(false);
  });

  it('shows the uploaded list image and gallery before any generated placeholder', async () => {
    const { id } = (await list('page_size=2')).list[1];
    const gallery = async () => (await get(`/api/goods/detail/${id}`, approved.cookie)).body.data.gallery;
    const [before] = await ctx.app.db.select().from(goods).where(eq(goods.id, id));
    try {
      // Only a 列表图 uploaded: the detail shows it, not the three placeholders.
      await ctx.app.db.update(goods).set({ image: '/api/files/901' }).where(eq(goods.id, id));
      invalidateGoodsLists();
      expect(await gallery()).toEqual(['/api/files/901']);
      // With a gallery too: the list image first, each picture once.
      await ctx.app.db
        .update(goods)
        .set({ gallery: ['/api/files/902', '/api/files/901'] })
        .where(eq(goods.id, id));
      invalidateGoodsLists();
      expect(await gallery()).toEqual(['/api/files/901', '/api/files/902']);
    } finally {
      await ctx.app.db
        .update(goods)
        .set({ image: before.image, gallery: before.gallery })
        .where(eq(goods.id, id));
      invalidateGoodsLists();
    }
  });

  it('carries near-expiry and full-reduction data', async () => {
    const jxq = (await list('zone=jxqzc&page_size=1')).list[0];
    expect((await get(`/api/goods/detail/${jxq.id}`)).body.data.is_jxq).toBe(1);
    const man = (await list(`tag=${encodeURIComponent('满')}&page_size=1`)).list[0];
    const d = (await get(`/api/goods/detail/${man.id}`, approved.cookie)).body.data;
    expect(d.goods_manjian_id).toBeGreaterThan(0);
    expect(d.manjian[0]).toEqual({ amount: 500, reduction: 20 });
  });

  it('announces the gift rules (赠 / 换购) to a buyer who sees prices, not to a visitor', async () => {
    const gifted = async (tag: string, cookie?: string) => {
      const g = (await list(`tag=${encodeURIComponent(tag)}&page_size=1`)).list[0];
      return (await get(`/api/goods/detail/${g.id}`, cookie)).body.data.gifts;
    };
    expect(await gifted('赠', approved.cookie)).toEqual([
      { type: 1, label: '赠', text: '每买10盒赠稳健 医用棉签(灭菌) ×1包，最多赠5包' },
    ]);
    expect(await gifted('换购', approved.cookie)).toEqual([
      { type: 2, label: '换购', text: '买1盒可加¥9.90换购欧姆龙 电子体温计 MC-246 ×1盒' },
    ]);
    expect(await gifted('换购')).toEqual([]);
    expect(await gifted('换购', pending.cookie)).toEqual([]);
  });

  it('hides prices in the detail too', async () => {
    const d = (await get('/api/goods/detail/1')).body.data;
    expect(d.base_price).toBeNull();
    expect(d.price_tip).toBe('登录后查看价格');
  });

  it('answers unknown and malformed ids', async () => {
    expect((await get('/api/goods/detail/999999')).status).toBe(404);
    for (const id of ['abc', '-1', '0', '1.5', '99999999999']) {
      expect((await get(`/api/goods/detail/${id}`)).status, id).toBe(422);
    }
  });
});

describe('GET /api/goods/search', () => {
  const search = async (q: string) => {
    const res = await get(`/api/goods/search?${q}`);
    expect(res.status).toBe(200);
    return res.body.data as string[];
  };
  it('suggests drug names from Chinese, full pinyin and initials', async () => {
    for (const k of ['阿莫', 'amxl', 'amoxi']) {
      const s = await search(`keywords=${encodeURIComponent(k)}&type=0`);
      expect(s, k).toContain('阿莫西林胶囊');
      expect(new Set(s).size).toBe(s.length);
      expect(s.length).toBeLessThanOrEqual(10);
    }
    expect((await search('keywords=g')).length).toBe(10);
  });
  it('suggests names containing the keyword, those starting with it first (感冒 -> 999感冒灵颗粒)', async () => {
    const s = await search(`keywords=${encodeURIComponent('感冒')}&type=0`);
    expect(s).toContain('999感冒灵颗粒');
    // Prefix-before-contains: no name (or generic name) starting with 感冒 after one only containing it.
    const onSale = await ctx.database.db
      .select({ name: goods.name, common: goods.commonName })
      .from(goods)
      .where(eq(goods.isOnSale, true));
    const starts = s.map((name) =>
      onSale.some((g) => g.name === name && (g.name.startsWith('感冒') || g.common.startsWith('感冒'))),
    );
    expect(starts).toContain(true);
    expect(starts.slice(starts.indexOf(false))).not.toContain(true);
    // 口罩 and 藿香: every goods on sale whose name contains it is suggested.
    for (const k of ['口罩', '藿香']) {
      const expected = [...new Set(onSale.map((g) => g.name).filter((n) => n.includes(k)))];
      expect(expected.length, k).toBeGreaterThan(0);
      const got = await search(`keywords=${encodeURIComponent(k)}&type=0`);
      for (const name of expected.slice(0, 10)) expect(got, k).toContain(name);
    }
  });
  it('suggests manufacturers for type 1', async () => {
    const s = await search(`keywords=hbzy&type=1`);
    expect(s).toContain('华北制药股份有限公司');
    expect((await search(`keywords=${encodeURIComponent('华北')}&type=1`))[0]).toMatch(/^华北/);
  });
  it('answers empty, odd and hostile keywords without errors', async () => {
    expect(await search('keywords=')).toEqual([]);
    expect(await search(`keywords=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
    // A % is a character like any other: only names holding one (75%医用酒精) are suggested.
    const percent = await search(`keywords=${encodeURIComponent('%')}`);
    for (const name of percent) expect(name).toContain('%');
    expect(await search(`keywords=${encodeURIComponent('%%%')}`)).toEqual([]);
    expect((await get(`/api/goods/search?keywords=${'x'.repeat(10_000)}`)).status).toBe(422);
    expect((await get('/api/goods/search?keywords=a&type=5')).status).toBe(422);
  });
});

describe('hot goods, activities, recommendations, brands', () => {
  it('GET /api/goods/hot lists best sellers', async () => {
    const res = await get('/api/goods/hot?page_size=5');
    const sales = res.body.data.list.map((g: { sales: number }) => g.sales);
    expect(sales).toHaveLength(5);
    expect(sales).toEqual([...sales].sort((a: number, b: number) => b - a));
  });
  it('GET /api/goods/activities lists goods of a zone or tag', async () => {
    const res = await get('/api/goods/activities?zone=yx&page_size=10');
    expect(res.body.data.total).toBeGreaterThan(0);
    expect(res.body.data.list.every((g: { zones: string[] }) => g.zones.includes('yx'))).toBe(true);
    expect((await get('/api/goods/activities?zone=bad')).status).toBe(422);
  });
  it('GET /api/index_wntj/1 recommends best sellers, or from the cart history', async () => {
    const visitor = (await get('/api/index_wntj/1')).body.data;
    expect(visitor.list.length).toBe(10);
    const buyer = await testBuyer(ctx.app, { status: 'approved', scope: [...scopeClassCodes] });
    const herb = (await list('zone=zyyp&page_size=1')).list[0];
    await ctx.database.db
      .insert(cartItems)
      .values({ userId: buyer.userId, goodsId: herb.id, warehouseId: herb.ck_id, quantity: 1 });
    const mine = (await get('/api/index_wntj/1', buyer.cookie)).body.data;
    expect(mine.list.length).toBeGreaterThan(0);
    expect(mine.list.every((g: { kind: string }) => g.kind === 'herb')).toBe(true);
    expect((await get('/api/index_wntj/abc')).status).toBe(422);
  });
  it('GET /api/focus/ppzq and /api/focus/brand/{id}', async () => {
    const wall = (await get('/api/focus/ppzq')).body.data;
    expect(wall.length).toBeGreaterThanOrEqual(20);
    const brand = wall[0];
    const page = (await get(`/api/focus/brand/${brand.id}?page_size=50`)).body.data;
    expect(page.brand.name).toBe(brand.name);
    expect(page.goods.total).toBe(brand.goods_count);
    expect(page.goods.list.every((g: { brand: { id: number } }) => g.brand.id === brand.id)).toBe(true);
    expect((await get('/api/focus/brand/99999')).status).toBe(404);
    expect((await get('/api/focus/brand/x')).status).toBe(422);
  });
});

describe('favourites', () => {
  it('are for buyers only', async () => {
    expect((await get('/api/favorite')).status).toBe(401);
    expect((await post('/api/favorite', { goods_ids: [1] })).status).toBe(401);
  });
  it('add (array or comma list), idempotently, list and cancel', async () => {
    const buyer = await testBuyer(ctx.app, { status: 'approved', scope: [...scopeClassCodes] });
    expect((await post('/api/favorite', { goods_ids: [1, 2] }, buyer.cookie)).body.message).toBe('收藏成功');
    expect((await post('/api/favorite', { goods_ids: '2,3' }, buyer.cookie)).status).toBe(200);
    expect((await post('/api/favorite', { goods_ids: [1] }, buyer.cookie)).status).toBe(200);
    const mine = (await get('/api/favorite?page=1', buyer.cookie)).body.data;
    expect(mine.total).toBe(3);
    expect(mine.list.map((g: { id: number }) => g.id).sort()).toEqual([1, 2, 3]);
    expect(mine.list[0].base_price).toBeGreaterThan(0);
    expect((await get('/api/goods/detail/2', buyer.cookie)).body.data.is_favorite).toBe(true);
    const cancel = await post('/api/favorite/cancel', { goods_ids: '1,2' }, buyer.cookie);
    expect(cancel.body.message).toBe('取消收藏成功');
    expect((await post('/api/favorite/cancel', { goods_ids: [1] }, buyer.cookie)).status).toBe(200);
    expect((await get('/api/favorite', buyer.cookie)).body.data.total).toBe(1);
  });
  it('refuse unknown goods and malformed ids', async () => {
    expect((await post('/api/favorite', { goods_ids: [999999] }, approved.cookie)).status).toBe(404);
    for (const goods_ids of ['a,b', '', '1;2', [-1], 'x'.repeat(3000), '13800000001', '1,2147483648']) {
      expect(
        (await post('/api/favorite', { goods_ids }, approved.cookie)).status,
        String(goods_ids).slice(0, 10),
      ).toBe(422);
    }
    expect((await post('/api/favorite', { goods_ids: [1], extra: 1 }, approved.cookie)).status).toBe(422);
  });
});

describe('GET /media/goods/{id}.svg', () => {
  it('draws packaging with cache headers', async () => {
    const res = await ctx.app.inject('/media/goods/1.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toContain('max-age');
    expect(res.body).toContain('<svg');
    expect((await ctx.app.inject('/media/goods/1-2.svg')).statusCode).toBe(200);
    expect((await ctx.app.inject('/media/goods/999999.svg')).statusCode).toBe(404);
    expect((await ctx.app.inject('/media/goods/..%2Fx.svg')).statusCode).toBe(404);
  });
});

describe('a broad filter', () => {
  it('counts up to its cap and says so (2000+), while a narrow one stays exact', async () => {
    await ctx.app.db.execute(
      `
      insert into goods (sku, name, common_name, kind, manufacturer, spec, unit, approval_no, scope_class,
                         base_price_fen, stock_total, is_on_sale)
      select 'CAP' || i, '满额计数片' || i, '满额计数片', 'drug', '计数制药有限公司', '0.1g*10片', '盒',
             '国药准字Z' || (90000000 + i), 'fcfy', 1000 + i, 10, true
      from generate_series(1, ${LIST_TOTAL_CAP + 5}) i` as never,
    );
    invalidateGoodsLists();
    const broad = await list(`keywords=${encodeURIComponent('满额计数片')}`);
    expect(broad.total).toBe(LIST_TOTAL_CAP);
    expect(broad.total_capped).toBe(true);
    expect(broad.list).toHaveLength(20);
    // Another sort and page of the same keyword, now known to be broad, walks the sort index at
    // once: the goods' own order, and the same capped total.
    const cheapest = await ctx.app.db.execute(
      `select id from goods where is_on_sale and name like '满额计数片%' order by base_price_fen desc, id desc limit 20 offset 40` as never,
    );
    const pageThree = await list(`keywords=${encodeURIComponent('满额计数片')}&sort=price_desc&page=3`);
    expect(pageThree.list.map((g) => g.id)).toEqual((cheapest.rows as { id: number }[]).map((r) => r.id));
    expect(pageThree.total).toBe(LIST_TOTAL_CAP);
    expect(pageThree.total_capped).toBe(true);
    const narrow = await list(`keywords=${encodeURIComponent('满额计数片1999')}`);
    expect(narrow.total).toBe(1);
    expect(narrow.total_capped).toBeUndefined();
  });
});

function eqCode(code: string) {
  return eq(categories.code, code);
}
