import {
  beijingDateOf,
  type FastBuyItem,
  type FastBuyPage,
  type fastBuyQuery,
  type GoodsSummary,
  QUICK_ORDER_MAX_LINES,
  type QuickOrderLine,
  type QuickOrderMatch,
  type QuickOrderResult,
  toYuan,
} from '@yaocai/domain';
import { count, eq, getTableColumns, type SQLWrapper, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { storePurchases } from '../../db/schema/order';
import type { BuyerCtx } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { escapeLike } from '../catalog/queries';
import { summariesOf } from '../catalog/service';

// 快捷采购 (/kjcg): the store's purchase history by goods, and the quick order box's matching.

const descending = (column: SQLWrapper) => sql`${column} desc nulls last`;

/** The sort orders of GET /api/user/fast_buy, each served by its store_purchases index. */
const fastBuyOrder = {
  recent: [storePurchases.lastPaidAt, storePurchases.goodsId],
  times: [storePurchases.times, storePurchases.lastPaidAt, storePurchases.goodsId],
  quantity: [storePurchases.quantity, storePurchases.lastPaidAt, storePurchases.goodsId],
} as const;

/**
 * GET /api/user/fast_buy: every goods of the store's paid orders (a cancelled-unpaid order never
 * bought anything), with how often and how much it was bought, the last price and date, and the
 * goods as sold today (priced for this store by the one eligibility rule; null once off sale).
 * Reads store_purchases, which payment keeps (purchases.ts).
 */
export async function fastBuy(ctx: BuyerCtx, q: z.output<typeof fastBuyQuery>): Promise<FastBuyPage> {
  const { db } = ctx;
  const mine = eq(storePurchases.userId, ctx.actor.userId);
  // The page and the store's total in one statement (a store has at most a few thousand goods).
  const rows = await db
    .select({ ...getTableColumns(storePurchases), total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(storePurchases)
    .where(mine)
    .orderBy(...fastBuyOrder[q.order].map(descending))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  // Past the last page no row carries the total: counted apart.
  const total =
    rows[0]?.total ??
    (q.page > 1 ? ((await db.select({ n: count() }).from(storePurchases).where(mine))[0]?.n ?? 0) : 0);
  const onSale = await summariesOf(
    ctx,
    rows.map((r) => r.goodsId),
  );
  const list: FastBuyItem[] = rows.map((r) => ({
    goods_id: r.goodsId,
    name: r.goodsName,
    spec: r.spec,
    manufacturer: r.manufacturer,
    times: r.times,
    total_quantity: r.quantity,
    last_price: toYuan(r.lastPriceFen),
    last_date: beijingDateOf(r.lastPaidAt),
    goods: onSale.get(r.goodsId) ?? null,
  }));
  return { list, total, page: q.page, page_size: q.page_size };
}

/** How a goods answers a keyword: 0 approval number or goods code, 1 whole name, 2 part of it. */
const EXACT = 0;
const WHOLE_NAME = 1;
const CANDIDATES = 5;

/**
 * Matches quick order lines against the goods on sale in one statement: each keyword's best
 * six goods (approval number or SKU exactly, the whole name, then a part of the name or its
 * pinyin or initials, best sellers first), found through the trigram index over search_text.
 * A line matches when one goods stands alone at the best rank of exact or whole name, or when
 * only one goods answers at all; otherwise the store chooses among the first five.
 */
export async function matchQuickOrder(ctx: BuyerCtx, lines: QuickOrderLine[]): Promise<QuickOrderResult> {
  if (lines.length === 0) throw fieldError('text', '请粘贴要采购的商品');
  if (lines.length > QUICK_ORDER_MAX_LINES) {
    throw fieldError('text', `一次最多${QUICK_ORDER_MAX_LINES}行，当前${lines.length}行，请分批采购`);
  }
  const readable = lines.filter((l) => l.error === null);
  const keywords = [...new Set(readable.map((l) => l.keyword))];
  const hits = new Map<string, { id: number; rank: number }[]>();
  if (keywords.length > 0) {
    const list = (values: string[]) =>
      sql`array[${sql.join(
        values.map((v) => sql`${v}`),
        sql`, `,
      )}]::text[]`;
    const rows = await ctx.db.execute<{ idx: string | number; id: number; rank: number }>(sql`
      select k.idx, c.id, c.rank
      from unnest(${list(keywords)}, ${list(keywords.map((k) => `%${escapeLike(k.toLowerCase())}%`))})
        with ordinality as k(kw, pattern, idx)
      cross join lateral (
        select g.id,
          case
            when lower(g.approval_no) = lower(k.kw) or lower(g.sku) = lower(k.kw) then ${EXACT}
            when g.name = k.kw or g.common_name = k.kw then ${WHOLE_NAME}
            else 2
          end as rank
        from goods g
        where g.is_on_sale
          and g.search_text like k.pattern
          and (
            lower(g.approval_no) = lower(k.kw) or lower(g.sku) = lower(k.kw)
            or lower(g.name) like k.pattern or lower(g.common_name) like k.pattern
            or g.name_pinyin like k.pattern or g.name_initials like k.pattern
          )
        order by rank, g.sales_count desc, g.id
        limit ${CANDIDATES + 1}
      ) c
      order by k.idx, c.rank`);
    for (const row of rows.rows) {
      const keyword = keywords[Number(row.idx) - 1];
      const found = hits.get(keyword) ?? [];
      found.push({ id: Number(row.id), rank: Number(row.rank) });
      hits.set(keyword, found);
    }
  }
  const summaries = await summariesOf(
    ctx,
    [...hits.values()].flat().map((h) => h.id),
  );
  const out: QuickOrderMatch[] = lines.map((l) => {
    const base = { line: l.line, keyword: l.keyword, quantity: l.quantity };
    if (l.error !== null) return { ...base, status: 'invalid', reason: l.error, candidates: [] };
    const found = (hits.get(l.keyword) ?? [])
      .map((h) => ({ ...h, goods: summaries.get(h.id) }))
      .filter((h): h is { id: number; rank: number; goods: GoodsSummary } => h.goods !== undefined);
    if (found.length === 0) {
      return { ...base, status: 'none', reason: '未找到匹配的在售商品，可发起品种求购', candidates: [] };
    }
    const best = found[0].rank;
    const atBest = found.filter((h) => h.rank === best).length;
    const single = found.length === 1 || (best <= WHOLE_NAME && atBest === 1);
    return single
      ? { ...base, status: 'matched', reason: null, candidates: [found[0].goods] }
      : {
          ...base,
          status: 'choose',
          reason: `找到${found.length > CANDIDATES ? `${CANDIDATES}个以上` : `${found.length}个`}相似商品，请选择`,
          candidates: found.slice(0, CANDIDATES).map((h) => h.goods),
        };
  });
  return {
    lines: out,
    matched: out.filter((l) => l.status === 'matched').length,
    choose: out.filter((l) => l.status === 'choose').length,
    unmatched: out.filter((l) => l.status === 'none' || l.status === 'invalid').length,
  };
}
