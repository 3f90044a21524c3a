import { goodsListData, scopeClassCodes } from '@yaocai/domain';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { goods } from '../../../db/schema';
import { testBuyer } from '../../account/test-buyers';
import { type Cursor, feedSince } from '../listing/lists';
import { invalidateGoodsLists, listGoods } from '../queries';
import { didYouMean } from '../service';

// The shop's search on the demo catalogue, each kind of query a buyer types, on the database of
// the run (PGlite, or PostgreSQL with TEST_DB=postgres).

let ctx: TestContext;
let narrow: { cookie: string };

beforeAll(async () => {
  ctx = await createTestApp();
  narrow = await testBuyer(ctx.app, { status: 'approved', scope: ['hxyzj'] });
}, 120_000);
afterAll(() => ctx?.close());

const list = async (query: string, cookie?: string) => {
  const res = await ctx.app.inject({ url: `/api/goods/list?${query}`, headers: cookie ? { cookie } : {} });
  expect(res.statusCode, res.body).toBe(200);
  return goodsListData.parse(res.json().data);
};
const names = async (keyword: string, extra = '') =>
  (await list(`keywords=${encodeURIComponent(keyword)}&page_size=10${extra}`)).list.map((g) => g.name);
const suggest = async (keyword: string, extra = '') => {
  const res = await ctx.app.inject({
    url: `/api/goods/search?keywords=${encodeURIComponent(keyword)}${extra}`,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data;
};
const goodsNamed = async (name: string) =>
  (await ctx.database.db.select().from(goods).where(eq(goods.name, name)).orderBy(goods.id))[0];

describe('keyword lists', () => {
  it('puts an exact barcode or approval number first, whole or as its letter and digits', async () => {
    const amoxicillin = (
      await ctx.database.db.select().from(goods).where(eq(goods.approvalNo, '国药准字H13023964'))
    )[0];
    for (const code of [amoxicillin.barcode, '国药准字H13023964', 'H13023964', 'h13023964']) {
      const found = await list(`keywords=${encodeURIComponent(code)}`);
      expect(found.list[0]?.id, code).toBe(amoxicillin.id);
      expect(found.total, code).toBe(1);
    }
    expect(amoxicillin.barcode).toMatch(/^69\d{11}$/);
  });

  it('ranks the name or generic name starting with the keyword before names that only contain it', async () => {
    const found = await names('感冒');
    // 999感冒灵颗粒 (generic name 感冒灵颗粒) and 感冒清热颗粒 start with it; 999小儿感冒颗粒 contains it.
    expect(found.indexOf('999小儿感冒颗粒')).toBeGreaterThan(found.indexOf('感冒清热颗粒'));
    expect(found.indexOf('999小儿感冒颗粒')).toBeGreaterThan(found.indexOf('999感冒灵颗粒'));
    expect(found.slice(0, 2).sort()).toEqual(['999感冒灵颗粒', '感冒清热颗粒']);
  });

  it('finds by two characters anywhere, full pinyin, initials and a brand inside the name', async () => {
    expect(await names('口罩')).toEqual(
      expect.arrayContaining(['稳健 医用外科口罩', '振德 一次性使用医用口罩', '稳健 医用防护口罩']),
    );
    expect((await names('藿香')).slice(0, 3).sort()).toEqual(
      ['太极 藿香正气口服液', '广藿香(段)', '藿香正气水'].sort(),
    );
    for (const k of ['blf', 'buluofen', 'BLF', '布洛芬'])
      expect((await names(k)).slice(0, 2).sort(), k).toEqual(['美林 布洛芬混悬液', '芬必得 布洛芬缓释胶囊']);
    expect((await names('芬必得'))[0]).toBe('芬必得 布洛芬缓释胶囊');
    // Full pinyin is matched without syllable breaks: zhiKEJIAOnang holds ejiao too (ranked by sales).
    expect((await names('ejiao')).slice(0, 2)).toContain('东阿阿胶 阿胶');
  });

  it('needs every word of a keyword of several words', async () => {
    expect(await names('布洛芬 胶囊')).toEqual(['芬必得 布洛芬缓释胶囊']);
    expect(await names('布洛芬 口罩')).toEqual([]);
  });

  it('marks the matched parts of each name', async () => {
    const found = await list(`keywords=blf`);
    const first = found.list[0];
    expect(first.hl?.map(([a, b]) => first.name.slice(a, b))).toEqual(['布洛芬']);
    expect((await list('page_size=1')).list[0].hl).toBeUndefined();
  });

  it('puts goods in stock first, within the same match, and keeps an explicit sort as it is', async () => {
    const [a, b] = await ctx.database.db
      .select()
      .from(goods)
      .where(eq(goods.commonName, '阿莫西林胶囊'))
      .orderBy(goods.id);
    expect(await names('阿莫西林')).toHaveLength(2);
    // The best seller of the two goes out of stock: the other one comes first.
    const [best, other] = a.salesCount >= b.salesCount ? [a, b] : [b, a];
    expect(best.salesCount).toBeGreaterThan(other.salesCount);
    const ids = async (q: string) => (await list(q)).list.map((g) => g.id);
    // Both buyable first (the demo may have made either not for sale: is_buy), then only one in stock.
    await ctx.database.db.update(goods).set({ isBuy: true, stockTotal: 100 }).where(eq(goods.id, other.id));
    await ctx.database.db.update(goods).set({ isBuy: true, stockTotal: 100 }).where(eq(goods.id, best.id));
    invalidateGoodsLists();
    expect(await ids(`keywords=${encodeURIComponent('阿莫西林')}`)).toEqual([best.id, other.id]);
    await ctx.database.db.update(goods).set({ stockTotal: 0 }).where(eq(goods.id, best.id));
    invalidateGoodsLists();
    try {
      expect(await ids(`keywords=${encodeURIComponent('阿莫西林')}`)).toEqual([other.id, best.id]);
      const cheapFirst = [a, b]
        .sort((x, y) => x.basePriceFen - y.basePriceFen || x.id - y.id)
        .map((g) => g.id);
      expect(await ids(`keywords=${encodeURIComponent('阿莫西林')}&sort=price_asc`)).toEqual(cheapFirst);
    } finally {
      for (const g of [a, b])
        await ctx.database.db
          .update(goods)
          .set({ isBuy: g.isBuy, stockTotal: g.stockTotal })
          .where(eq(goods.id, g.id));
      invalidateGoodsLists();
    }
  });

  it("ranks the goods in a buyer's business scope before those outside it", async () => {
    // 阿莫西林 (kssz, antibiotics) is outside a buyer licensed for hxyzj only; 阿托伐他汀钙片 is inside.
    const found = await list(`keywords=${encodeURIComponent('阿')}&page_size=50`, narrow.cookie);
    const scopes = found.list.map((g) => g.scope_class === 'hxyzj');
    const firstOutside = scopes.indexOf(false);
    expect(firstOutside).toBeGreaterThan(0);
    // Within the first page, in-scope goods of a tier never follow an out-of-scope goods of it:
    // checked on the tier of names starting with 阿.
    const starting = found.list.filter((g) => g.name.startsWith('阿'));
    const flags = starting.map((g) => g.scope_class === 'hxyzj' && g.number > 0 && g.is_buy);
    expect(flags).toEqual([...flags].sort((x, y) => Number(y) - Number(x)));
    expect(scopeClassCodes).toContain('hxyzj');
  });

  it('searches the alternatives an alias gives (terms) like the keyword', async () => {
    const found = await listGoods(
      ctx.database.db,
      { keywords: '扑热息痛', terms: ['扑热息痛', '对乙酰氨基酚'] },
      'default',
      1,
      20,
    );
    expect(found.rows.map((r) => r.name)).toEqual(
      expect.arrayContaining(['必理通 对乙酰氨基酚片', '泰诺林 对乙酰氨基酚缓释片']),
    );
    expect(found.rows.every((r) => r.commonName.includes('对乙酰氨基酚'))).toBe(true);
    expect((await listGoods(ctx.database.db, { keywords: '扑热息痛' }, 'default', 1, 20)).total).toBe(0);
  });

  it('keeps the maker search (type 1) and the maker filter', async () => {
    const makers = (await list(`keywords=${encodeURIComponent('华北制药')}&type=1&page_size=50`)).list.map(
      (g) => g.sccj,
    );
    expect(new Set(makers)).toEqual(new Set(['华北制药股份有限公司']));
    const filtered = await list(
      `keywords=${encodeURIComponent('胶囊')}&sccj=${encodeURIComponent('华北制药股份有限公司')}`,
    );
    expect(filtered.list.map((g) => g.name).sort()).toEqual(['阿莫西林胶囊', '头孢氨苄胶囊'].sort());
  });
});

describe('suggestions', () => {
  it('suggest names containing the keyword, starting ones first, up to ten', async () => {
    const cold = await suggest('感冒');
    expect(cold).toEqual(expect.arrayContaining(['999感冒灵颗粒', '感冒清热颗粒', '999小儿感冒颗粒']));
    expect(cold.indexOf('999小儿感冒颗粒')).toBe(2);
    expect((await suggest('口罩')).length).toBeGreaterThanOrEqual(3);
    expect((await suggest('藿香')).length).toBeGreaterThanOrEqual(3);
    expect((await suggest('片')).length).toBe(10);
  });

  it('carry the matched parts with hl=1', async () => {
    const marked = (await suggest('blf', '&hl=1')) as { text: string; hl: [number, number][] }[];
    expect(marked.map((s) => s.text).sort()).toEqual(['美林 布洛芬混悬液', '芬必得 布洛芬缓释胶囊']);
    for (const s of marked) expect(s.hl.map(([a, b]) => s.text.slice(a, b))).toEqual(['布洛芬']);
  });

  it('follow a goods write at once', async () => {
    const g = await goodsNamed('金嗓子喉片');
    expect(await suggest('金嗓子')).toEqual(['金嗓子喉片']);
    await ctx.database.db
      .update(goods)
      .set({ isOnSale: false })
      .where(inArray(goods.id, [g.id]));
    invalidateGoodsLists();
    try {
      expect(await suggest('金嗓子')).toEqual([]);
    } finally {
      await ctx.database.db.update(goods).set({ isOnSale: true }).where(eq(goods.id, g.id));
      invalidateGoodsLists();
    }
  });
});

describe('did you mean', () => {
  it('offers the generic name nearest by pinyin to a keyword that found nothing', async () => {
    for (const typo of ['buluofeng', 'bulofen', '布落芬'])
      expect(String(await didYouMean(ctx.database.db, typo)), typo).toMatch(/^布洛芬/);
    expect(await didYouMean(ctx.database.db, 'ganmaoling')).toBe('感冒灵颗粒');
    expect(await didYouMean(ctx.database.db, 'qqqqqq')).toBeNull();
    expect(await didYouMean(ctx.database.db, '')).toBeNull();
  });
});

describe('the catalogue index', () => {
  it("reads its change log through the log's indexes, however long the log and stale its statistics", async () => {
    // An import of many goods leaves a long log for an hour, and no statistics of it until the
    // next analyze (where autovacuum is off, never): a look must still not scan it all.
    const { db } = ctx.database;
    await db.execute(sql`insert into goods_changes (goods_id)
      select (select min(id) from goods) from generate_series(1, 20000)`);
    try {
      const logPages = await db.execute(sql`select pg_relation_size('goods_changes') / 8192 as n`);
      expect(Number((logPages.rows[0] as { n: number }).n)).toBeGreaterThan(100);
      const plans = await db.transaction(async (tx) => {
        const [cursor] = (
          await tx.execute(sql`select max(seq)::text as "maxSeq",
            pg_snapshot_xmax(pg_current_snapshot())::text as xmax, '{}'::text[] as xip from goods_changes`)
        ).rows as unknown as Cursor[];
        const values = feedSince.params.map((param) => {
          const value = cursor[(param as { name: keyof Cursor }).name];
          return Array.isArray(value) ? `'{${value.join(',')}}'` : `'${value}'`;
        });
        await tx.execute(sql.raw(`prepare feed_look as ${feedSince.text}`));
        const run = async () =>
          (await tx.execute(sql.raw(`explain (analyze, buffers, format json) execute feed_look(${values})`)))
            .rows;
        const found = [await run(), await run()];
        await tx.execute(sql.raw('deallocate feed_look'));
        return found;
      });
      // The second look (the first reads the catalogue's own tables): a few index pages.
      const [
        {
          'QUERY PLAN': [{ Plan: plan }],
        },
      ] = plans[1] as {
        'QUERY PLAN': { Plan: { 'Shared Hit Blocks': number; 'Shared Read Blocks': number } }[];
      }[];
      expect(plan['Shared Hit Blocks'] + plan['Shared Read Blocks']).toBeLessThan(30);
      expect(await names('金嗓子')).toEqual(['金嗓子喉片']);
    } finally {
      await db.execute(
        sql`delete from goods_changes where seq > (select max(seq) - 20000 from goods_changes)`,
      );
    }
  });
});
