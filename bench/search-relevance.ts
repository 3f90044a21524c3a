// Relevance of the shop's search on the demo catalogue (issue 34): the relevance set of
// apps/server/src/modules/catalog/relevance/queries.json run through GET /api/goods/list on a
// fresh embedded database with the demo data; prints recall@10 and MRR, overall and per kind.
//
//   npm run bench -- relevance
import { eq } from 'drizzle-orm';
import { goods } from '../apps/server/src/db/schema';
import { evaluateRelevance, formatRelevance } from '../apps/server/src/modules/catalog/relevance/evaluate';
import { createTestApp } from '../apps/server/test/helpers';

const ctx = await createTestApp();
try {
  const report = await evaluateRelevance(
    async (keyword, type) => {
      const res = await ctx.app.inject({
        url: `/api/goods/list?keywords=${encodeURIComponent(keyword)}&type=${type}&page_size=10`,
      });
      if (res.statusCode !== 200) throw new Error(`${keyword} answered ${res.statusCode}`);
      return res.json().data.list;
    },
    async (sku) => {
      const [row] = await ctx.database.db
        .select({ barcode: goods.barcode })
        .from(goods)
        .where(eq(goods.sku, sku));
      return row.barcode;
    },
  );
  console.log(formatRelevance(report));
  console.log('(queries needing search-ux synonyms are skipped: marked needsAliases in queries.json)');
} finally {
  await ctx.close();
}
