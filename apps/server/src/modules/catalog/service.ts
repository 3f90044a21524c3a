import {
  addMonths,
  type BrandWallItem,
  type BuyerEligibility,
  beijingToday,
  describeGiftRule,
  type GoodsActivitiesData,
  type GoodsDetail,
  type GoodsListData,
  type GoodsListQuery,
  type GoodsSummary,
  type GoodsTag,
  giftTypeLabels,
  goodsEligibility,
  goodsUnavailable,
  isNearExpiry,
  type NearExpiryWindow,
  nearExpiryWindow,
  toYuan,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import {
  categories,
  favorites,
  goods,
  goodsCategories,
  goodsStock,
  searchLog,
} from '../../db/schema/catalog';
import { databaseTag } from '../../lib/cache-key';
import type { BuyerCtx, ViewerCtx } from '../../lib/context';
import { eligibilityOf, priceVisibilityOf } from '../../lib/eligibility';
import { notFound } from '../../lib/errors';
import { recentCartGoods } from '../cart/history';
import { nextBatchWithReport } from '../compliance/reports';
import { loadOrderSettings } from '../order/settings';
import { badgeFilter, liveBadges, promotionFilter } from '../promotion/badges';
import { goodsActivities } from '../promotion/goods-activities';
import { activitiesCovering, loadCartPromotions } from '../promotion/loaders';
import {
  type ListFilter,
  listCacheTtlMs,
  listGoods,
  rowsOfGoods,
  type SummaryRow,
  searchPhrases,
  summaryColumns,
} from './queries';
import { type CatalogRefs, catalogRefs, categoryWithDescendants } from './refs';
import { saleControlOf } from './sale-control-column';
import { highlightRanges } from './search/highlight';
import { suggest } from './search/suggest';

export { withRanges } from './search/suggest';

import { suggestionCache } from './search/suggestion-cache';

export { didYouMean } from './search/did-you-mean';

export const goodsImage = (id: number) => `/media/goods/${id}.svg`;
export const goodsGallery = (id: number) => [1, 2, 3].map((face) => `/media/goods/${id}-${face}.svg`);

/**
 * The detail page's pictures: what the operator uploaded, the list image (列表图) first and then
 * the gallery, each once; the generated placeholders only when nothing was uploaded.
 */
export function galleryOf(row: { id: number; image: string | null; gallery: string[] }): string[] {
  const uploaded = [...new Set([row.image, ...row.gallery].filter((url): url is string => Boolean(url)))];
  return uploaded.length ? uploaded : goodsGallery(row.id);
}

/**
 * A list row on the wire; prices are null unless the eligibility rule lets the viewer see them
 * (packages/domain/src/eligibility), and in_scope tells a buyer whether its licences cover it.
 */
export function toSummary(
  row: SummaryRow,
  viewer: BuyerEligibility,
  refs: CatalogRefs,
  ckId: number | undefined,
  nearExpiry: NearExpiryWindow,
  badges: GoodsTag[],
): GoodsSummary {
  const control = row.saleControl ?? null;
  const judged = goodsEligibility(viewer, {
    name: row.name,
    scopeClass: row.scopeClass,
    rxClass: row.rxClass,
    onSale: true,
    purchasable: row.isBuy,
    stock: row.stockTotal,
    control,
  });
  // A 控销 goods the buyer is outside of hides its price like the buyer-level refusals do.
  const controlRefused = judged.price?.code === 'control_type' || judged.price?.code === 'control_region';
  const visible = judged.price === null;
  const brand = row.brandId ? refs.brandById.get(row.brandId) : undefined;
  const nearExpiring = isNearExpiry(row.expiresOn, nearExpiry);
  return {
    id: row.id,
    sku: row.sku,
    name: row.name,
    common_name: row.commonName,
    kind: row.kind as GoodsSummary['kind'],
    sccj: row.manufacturer,
    ypgg: row.spec,
    bzdw: row.unit,
    approval_no: row.approvalNo,
    rx_class: row.rxClass as GoodsSummary['rx_class'],
    image: row.image ?? goodsImage(row.id),
    price_visibility: controlRefused ? 'controlled' : priceVisibilityOf(viewer),
    price_tip: judged.price?.short ?? '',
    base_price: visible ? toYuan(row.basePriceFen) : null,
    retail_price: visible && row.retailPriceFen !== null ? toYuan(row.retailPriceFen) : null,
    ladder_price_type: row.ladderType,
    ladder_price: visible ? row.ladder.map((t) => ({ number: t.quantity, price: toYuan(t.priceFen) })) : [],
    number: row.stockTotal,
    ck_id: ckId ?? refs.warehouseById.keys().next().value ?? 0,
    is_buy: row.isBuy,
    min_quantity: row.minQuantity,
    step_quantity: row.stepQuantity,
    is_free_shipping: row.isFreeShipping,
    free_shipping_number: row.freeShippingNumber,
    // Badges from live promotions (promotion/badges.ts), not the stored tags.
    tags: badges,
    // 近效期专场 is read off the batches, never the stored list.
    zones: [...row.zones.filter((z) => z !== 'jxqzc'), ...(nearExpiring ? ['jxqzc'] : [])],
    expires_on: row.expiresOn,
    near_expiry: nearExpiring,
    sales: row.salesCount,
    ephedrine: row.ephedrine,
    scope_class: row.scopeClass,
    in_scope: viewer.price?.code === 'login' ? null : judged.scope === null,
    scope_message: judged.scope?.short ?? null,
    brand: brand ? { id: brand.id, name: brand.name } : null,
    controlled: control !== null,
    control_message: controlRefused ? (judged.price?.short ?? null) : null,
    unavailable: goodsUnavailable(judged.add),
  };
}

async function summaries(ctx: ViewerCtx, rows: SummaryRow[]): Promise<GoodsSummary[]> {
  const [refs, window, badges] = await Promise.all([
    catalogRefs(ctx.db),
    nearExpiryOf(ctx),
    liveBadges(ctx.db, rows, ctx.now),
  ]);
  const viewer = eligibilityOf(ctx);
  return rows.map((row) =>
    toSummary(row, viewer, refs, row.mainWarehouseId ?? undefined, window, badges.get(row.id) ?? []),
  );
}

/** Today's 近效期 window: the months come from 站点设置 (compliance.near_expiry_months). */
async function nearExpiryOf(ctx: ViewerCtx): Promise<NearExpiryWindow> {
  const { nearExpiryMonths } = await loadOrderSettings(ctx.db);
  return nearExpiryWindow(beijingToday(ctx.now), nearExpiryMonths);
}

/**
 * The 近效期 zone (/jxqzc) is not a stored tag: it holds the goods whose earliest batch in stock
 * expires within the window, so goods enter and leave it as batches arrive, ship and age.
 */
async function resolveZone(ctx: ViewerCtx, filter: ListFilter): Promise<ListFilter> {
  const { shelf_months, ...rest } = filter;
  const resolved: ListFilter = shelf_months
    ? { ...rest, expiresFrom: addMonths(beijingToday(ctx.now), shelf_months) }
    : rest;
  // A badge filter (tag=满) matches what is live now, as the cards' badges do.
  if (resolved.tag) resolved.badge = await badgeFilter(ctx.db, resolved.tag, ctx.now);
  else if (resolved.on_promotion === 1) resolved.badge = await promotionFilter(ctx.db, ctx.now);
  if (resolved.zone !== 'jxqzc') return resolved;
  return { ...resolved, zone: undefined, nearExpiry: await nearExpiryOf(ctx) };
}

export async function listPage(
  ctx: ViewerCtx,
  filter: ListFilter,
  sort: GoodsListQuery['sort'],
  page: number,
  pageSize: number,
): Promise<GoodsListData> {
  const phrases = searchPhrases(filter);
  // A keyword search in its default order ranks a buyer's in-scope goods first.
  const scope = phrases.length && sort === 'default' ? eligibilityOf(ctx).scope : [];
  const ranked: ListFilter = scope.length ? { ...filter, buyerScope: [...scope] } : filter;
  const { rows, total, capped } = await listGoods(
    ctx.db,
    await resolveZone(ctx, ranked),
    sort,
    page,
    pageSize,
  );
  const list = await summaries(ctx, rows);
  return {
    list: phrases.length ? list.map((g) => ({ ...g, hl: highlightRanges(g.name, phrases) })) : list,
    total,
    ...(capped ? { total_capped: true } : {}),
    page,
    page_size: pageSize,
  };
}

/**
 * GET /api/goods/list; `only` narrows further (GET /api/kx/getList: the 控销 goods) or names the
 * terms a keyword expanded to (modules/search).
 */
export async function goodsList(
  ctx: ViewerCtx,
  q: Omit<GoodsListQuery, 'zone'> & Pick<Partial<GoodsListQuery>, 'zone'>,
  only: Pick<ListFilter, 'controlled' | 'terms'> = {},
): Promise<GoodsListData> {
  const { db } = ctx;
  const { page, page_size, sort, category_id, ...rest } = q;
  if (q.min_price !== undefined && q.max_price !== undefined && q.min_price > q.max_price) {
    return { list: [], total: 0, page, page_size };
  }
  const filter: ListFilter = { ...rest, ...only };
  if (category_id !== undefined) {
    const ids = categoryWithDescendants(await catalogRefs(db), category_id);
    if (!ids.length) return { list: [], total: 0, page, page_size };
    filter.categoryIds = ids;
  }
  if (q.keywords) logKeyword(db, q.keywords);
  return listPage(ctx, filter, sort, page, page_size);
}

/**
 * Counts searched keywords (statistics of the search box); never fails the request. Counts are
 * gathered in process and written once a second, in one statement, so a search costs no write
 * of its own and concurrent searches of a popular keyword do not queue on its row lock.
 */
const KEYWORD_FLUSH_MS = 1_000;
const keywordCounts = new Map<Db, Map<string, number>>();

function logKeyword(db: Db, keyword: string) {
  const k = keyword.trim().slice(0, 50);
  if (!k) return;
  let counts = keywordCounts.get(db);
  if (!counts) {
    counts = new Map();
    keywordCounts.set(db, counts);
    setTimeout(() => void flushKeywords(db), KEYWORD_FLUSH_MS).unref();
  }
  counts.set(k, (counts.get(k) ?? 0) + 1);
}

async function flushKeywords(db: Db) {
  const counts = keywordCounts.get(db);
  keywordCounts.delete(db);
  if (!counts?.size) return;
  try {
    // Statistics: the commit does not wait for the disk (search/stats.ts flushSearchStats).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local synchronous_commit = off`);
      await tx
        .insert(searchLog)
        .values([...counts].map(([keyword, count]) => ({ keyword, count })))
        .onConflictDoUpdate({
          target: searchLog.keyword,
          set: { count: sql`${searchLog.count} + excluded.count` },
        });
    });
  } catch {
    // Search statistics are best effort (and the database may have closed meanwhile).
  }
}

/**
 * GET /api/goods/search: up to 10 distinct suggestions (search/suggest.ts; withRanges adds the
 * parts the keyword matched). Suggestions do not depend on the viewer: each (type, keyword,
 * alternatives) is cached for 30 s.
 */
const SUGGESTION_TTL_MS = listCacheTtlMs * 6;

export function suggestions(
  db: Db,
  keywords: string,
  type: number,
  terms: readonly string[] = [],
): Promise<string[]> {
  const k = keywords.trim();
  if (!k) return Promise.resolve([]);
  const key = `${databaseTag(db)}:${type}:${k.toLowerCase()}:${terms.join('\u0000')}`;
  const now = Date.now();
  const hit = suggestionCache.get(key);
  if (hit && now - hit.at < SUGGESTION_TTL_MS) return hit.list;
  if (suggestionCache.size > 5_000) suggestionCache.clear();
  const list = suggest(db, k, type, terms);
  if (SUGGESTION_TTL_MS > 0) {
    suggestionCache.set(key, { at: now, list });
    list.catch(() => suggestionCache.delete(key));
  }
  return list;
}

/** GET /api/goods/detail/{id} */
export async function goodsDetail(
  ctx: ViewerCtx,
  id: number,
  params: {
    goods_price_id: number;
    ladder_price_id: number;
    goods_manjian_id: number;
    is_yj: number;
    is_jxq?: number;
  },
): Promise<GoodsDetail> {
  const { db, actor } = ctx;
  const [row] = await db
    .select({ ...getTableColumns(goods), saleControl: saleControlOf() })
    .from(goods)
    .where(and(eq(goods.id, id), eq(goods.isOnSale, true)));
  if (!row) throw notFound('商品不存在或已下架');
  const refs = await catalogRefs(db);
  const [stock, cats, fav, promotions, window, report] = await Promise.all([
    db
      .select({ warehouseId: goodsStock.warehouseId, quantity: goodsStock.quantity })
      .from(goodsStock)
      .where(eq(goodsStock.goodsId, id))
      .orderBy(asc(goodsStock.warehouseId)),
    db
      .select({ id: categories.id, name: categories.name, menu: categories.menu })
      .from(goodsCategories)
      .innerJoin(categories, eq(categories.id, goodsCategories.categoryId))
      .where(eq(goodsCategories.goodsId, id))
      .orderBy(asc(categories.id)),
    actor.kind === 'buyer'
      ? db
          .select({ n: count() })
          .from(favorites)
          .where(and(eq(favorites.userId, actor.userId), eq(favorites.goodsId, id)))
      : Promise.resolve([{ n: 0 }]),
    // The cart's own cache of its activity and gift rules: the page announces what the cart applies.
    loadCartPromotions(db, ctx.now),
    nearExpiryOf(ctx),
    actor.kind === 'buyer' ? nextBatchWithReport(db, id, beijingToday(ctx.now)) : Promise.resolve(null),
  ]);
  const main = [...stock].sort((a, b) => b.quantity - a.quantity || a.warehouseId - b.warehouseId)[0];
  const badges = await liveBadges(db, [row], ctx.now);
  const summary = toSummary(row, eligibilityOf(ctx), refs, main?.warehouseId, window, badges.get(id) ?? []);
  const [activity] = activitiesCovering(promotions, {
    goodsId: id,
    categoryIds: cats.map((c) => c.id),
    brandId: row.brandId,
    zones: row.zones,
    ephedrine: row.ephedrine,
  });
  return {
    ...summary,
    description: row.description,
    inspection_report: report ? { batch_no: report.batchNo, expires_on: report.expiresOn } : null,
    dosage_form: row.dosageForm,
    storage: row.storage,
    gallery: galleryOf(row),
    stock: stock.map((s) => ({
      ck_id: s.warehouseId,
      name: refs.warehouseById.get(s.warehouseId)?.name ?? '',
      number: s.quantity,
    })),
    categories: cats,
    goods_price_id: params.goods_price_id,
    ladder_price_id: params.ladder_price_id,
    goods_manjian_id: params.goods_manjian_id || (activity?.id ?? 0),
    is_yj: params.is_yj,
    is_jxq: params.is_jxq ?? (summary.near_expiry ? 1 : 0),
    manjian: activity
      ? activity.tiers.map((t) => ({ amount: toYuan(t.amountFen), reduction: toYuan(t.reductionFen) }))
      : [],
    // A 换购 names its price: like every price, only for a buyer who may see prices.
    gifts:
      summary.price_visibility === 'visible'
        ? (promotions.giftRulesByGoods.get(id) ?? []).map((r) => ({
            type: r.type,
            label: giftTypeLabels[r.type] ?? '',
            text: describeGiftRule({
              ...r,
              maxGifts: r.maxGifts ?? undefined,
              unit: row.unit,
              giftName: r.giftGoodsName,
              giftUnit: r.giftGoodsUnit,
            }),
          }))
        : [],
    is_favorite: (fav[0]?.n ?? 0) > 0,
  };
}

/** GET /api/goods/hot: best sellers. */
export function hotGoods(ctx: ViewerCtx, pageSize: number) {
  return listPage(ctx, {}, 'sales', 1, pageSize);
}

/**
 * GET /api/index_wntj/{page}: for a buyer, best sellers of the categories of the goods in its
 * cart history (orders add to this later); for visitors and new buyers, best sellers.
 */
export async function recommended(ctx: ViewerCtx, page: number, pageSize: number): Promise<GoodsListData> {
  const { db, actor } = ctx;
  if (actor.kind === 'buyer') {
    const history = recentCartGoods(db, actor.userId, 30);
    const cats = await db
      .selectDistinct({ id: goodsCategories.categoryId })
      .from(goodsCategories)
      .where(inArray(goodsCategories.goodsId, history));
    if (cats.length) {
      const data = await listPage(ctx, { categoryIds: cats.map((c) => c.id) }, 'sales', page, pageSize);
      if (data.total > 0) return data;
    }
  }
  return listPage(ctx, {}, 'sales', page, pageSize);
}

/** Favourites of a buyer, newest first. */
export async function favoriteList(ctx: BuyerCtx, page: number, pageSize: number): Promise<GoodsListData> {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ id: favorites.goodsId })
      .from(favorites)
      .where(eq(favorites.userId, userId))
      .orderBy(desc(favorites.createdAt), desc(favorites.goodsId))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(favorites).where(eq(favorites.userId, userId)),
  ]);
  if (!rows.length) return { list: [], total, page, page_size: pageSize };
  const ids = rows.map((r) => r.id);
  const byId = await summariesOf(ctx, ids);
  const list = ids.map((id) => byId.get(id)).filter((g): g is GoodsSummary => !!g);
  return { list, total, page, page_size: pageSize };
}

/** The goods of these ids that are on sale, priced for the viewer (favourites, quick purchase). */
export async function summariesOf(ctx: ViewerCtx, ids: number[]): Promise<Map<number, GoodsSummary>> {
  if (ids.length === 0) return new Map();
  const unique = [...new Set(ids)];
  const list = await summaries(ctx, await rowsOfGoods(ctx.db, unique));
  return new Map(list.map((g) => [g.id, g]));
}

/** POST /api/favorite: idempotent; unknown goods are refused. */
export async function addFavorites(ctx: BuyerCtx, ids: number[]) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const existing = await db.select({ id: goods.id }).from(goods).where(inArray(goods.id, ids));
  if (existing.length !== ids.length) throw notFound('商品不存在或已下架');
  await db
    .insert(favorites)
    .values(ids.map((goodsId) => ({ userId, goodsId })))
    .onConflictDoNothing();
}

/** POST /api/favorite/cancel: idempotent. */
export async function cancelFavorites(ctx: BuyerCtx, ids: number[]) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  await db.delete(favorites).where(and(eq(favorites.userId, userId), inArray(favorites.goodsId, ids)));
}

/** The brand wall (品牌专区) with the number of goods on sale of each brand. */
export async function brandWall(db: Db): Promise<BrandWallItem[]> {
  const refs = await catalogRefs(db);
  const counts = await db
    .select({ brandId: goods.brandId, n: sql<number>`count(*)::int` })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), sql`${goods.brandId} is not null`))
    .groupBy(goods.brandId);
  const byBrand = new Map(counts.map((c) => [c.brandId, c.n]));
  return refs.brands.map((b) => ({
    id: b.id,
    name: b.name,
    manufacturer: b.manufacturer,
    logo: b.logo ?? `/media/brands/${b.id}.svg`,
    story: b.story,
    goods_count: byBrand.get(b.id) ?? 0,
  }));
}

/** GET /api/goods/activities?goods_id=: the goods and its live promotions (404 when not on sale). */
export async function activitiesOfGoods(ctx: ViewerCtx, id: number): Promise<GoodsActivitiesData> {
  const [row] = await ctx.db
    .select({ ...summaryColumns })
    .from(goods)
    .where(and(eq(goods.id, id), eq(goods.isOnSale, true)));
  if (!row) throw notFound('商品不存在或已下架');
  const cats = await ctx.db
    .select({ id: goodsCategories.categoryId })
    .from(goodsCategories)
    .where(eq(goodsCategories.goodsId, id));
  const [list, activities] = await Promise.all([
    summaries(ctx, [row]),
    goodsActivities(ctx, {
      goodsId: id,
      categoryIds: cats.map((c) => c.id),
      brandId: row.brandId,
      zones: row.zones,
      ephedrine: row.ephedrine,
      unit: row.unit,
    }),
  ]);
  return { list, total: 1, page: 1, page_size: 1, activities };
}

/**
 * What another module's console needs of some goods (the flash sale's goods list): name, spec,
 * price, stock. lock: hold the rows' key-share lock for the caller's transaction (it is about to
 * insert rows referencing them while orders update the goods' stock).
 */
export async function goodsFacts(db: DbOrTx, ids: readonly number[], o: { lock?: boolean } = {}) {
  if (ids.length === 0) return new Map<number, GoodsFact>();
  const query = db
    .select({
      id: goods.id,
      name: goods.name,
      spec: goods.spec,
      basePriceFen: goods.basePriceFen,
      stockTotal: goods.stockTotal,
      isOnSale: goods.isOnSale,
    })
    .from(goods)
    .where(inArray(goods.id, [...new Set(ids)]));
  const rows = await (o.lock ? query.for('key share') : query);
  return new Map(rows.map((r) => [r.id, r]));
}
export interface GoodsFact {
  id: number;
  name: string;
  spec: string;
  basePriceFen: number;
  stockTotal: number;
  isOnSale: boolean;
}
