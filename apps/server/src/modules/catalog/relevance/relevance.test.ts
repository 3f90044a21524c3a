import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../../../test/helpers';
import { goods } from '../../../db/schema';
import { evaluateRelevance, formatRelevance, relevanceQueries } from './evaluate';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
}, 60_000);
afterAll(() => ctx?.close());

describe('search relevance on the demo catalogue', () => {
  it('holds at least 100 queries of real pharmacy usage', () => {
    expect(relevanceQueries.filter((q) => !q.needsAliases).length).toBeGreaterThanOrEqual(100);
    expect(new Set(relevanceQueries.map((q) => q.kind))).toEqual(
      new Set([
        'generic',
        'brand',
        'fragment',
        'pinyin',
        'initials',
        'approval',
        'barcode',
        'maker',
        'alias',
        'words',
      ]),
    );
  });

  it('finds an expected goods in the first ten for nearly every query (recall@10 and MRR floors)', async () => {
    const report = await evaluateRelevance(
      async (keyword, type) => {
        const res = await ctx.app.inject({
          url: `/api/goods/list?keywords=${encodeURIComponent(keyword)}&type=${type}&page_size=10`,
        });
        expect(res.statusCode).toBe(200);
        return res.json().data.list;
      },
      async (sku) => {
        const [row] = await ctx.database.db
          .select({ barcode: goods.barcode })
          .from(goods)
          .where(eq(goods.sku, sku));
        return row.barcode;
      },
      // The list expands a keyword through the seeded aliases (modules/search): 扑热息痛, 维C.
      { withAliases: true },
    );
    console.log(formatRelevance(report));
    expect(report.queries).toBeGreaterThanOrEqual(100);
    expect(report.recallAt10).toBeGreaterThanOrEqual(0.97);
    expect(report.mrr).toBeGreaterThanOrEqual(0.85);
    expect(report.byKind.barcode.mrr).toBe(1);
    expect(report.byKind.approval.mrr).toBe(1);
    expect(report.byKind.alias.recallAt10).toBe(1);
  }, 120_000);
});
