import type { Coverage, GoodsListQuery, SaleControl } from '@yaocai/domain';
import {
  and,
  asc,
  desc,
  eq,
  exists,
  gt,
  gte,
  inArray,
  lt,
  lte,
  notInArray,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { anyOf, type RawStatement, rawRowsNamed, selectList, statement } from '../../db/raw';
import { goods, goodsBatches, goodsCategories, goodsStock, warehouses } from '../../db/schema/catalog';
import { goodsSaleControls } from '../../db/schema/kx';
import { sharedForget } from '../../lib/cache-bus';
import { databaseTag } from '../../lib/cache-key';
import type { ListFilter } from './list-filter';
import { indexedList } from './listing/lists';
import { saleControlOf } from './sale-control-column';
import { loadGramStats, surelyBroad } from './search/gram-stats';
import { escapeLike, normalizeKeyword } from './search/keyword';
import {
  buyableRank,
  containsCondition,
  keywordValues,
  makerCondition,
  makerTier,
  matchCondition,
  matchTier,
  phraseShapes,
} from './search/match';
import { oneOffStatement, shapeStatement } from './search/statements';
import { suggestionCache } from './search/suggestion-cache';

export { escapeLike };

/** Columns a list row needs (no description). */
export const summaryColumns = {
  id: goods.id,
  sku: goods.sku,
  name: goods.name,
  commonName: goods.commonName,
  kind: goods.kind,
  manufacturer: goods.manufacturer,
  brandId: goods.brandId,
  spec: goods.spec,
  unit: goods.unit,
  approvalNo: goods.approvalNo,
  rxClass: goods.rxClass,
  expiresOn: goods.expiresOn,
  scopeClass: goods.scopeClass,
  basePriceFen: goods.basePriceFen,
  retailPriceFen: goods.retailPriceFen,
  ladderType: goods.ladderType,
  ladder: goods.ladder,
  minQuantity: goods.minQuantity,
  stepQuantity: goods.stepQuantity,
  isBuy: goods.isBuy,
  isFreeShipping: goods.isFreeShipping,
  freeShippingNumber: goods.freeShippingNumber,
  tags: goods.tags,
  zones: goods.zones,
  ephedrine: goods.ephedrine,
  image: goods.image,
  salesCount: goods.salesCount,
  stockTotal: goods.stockTotal,
  createdAt: goods.createdAt,
  /** Default warehouse: the one with most stock (null without stock rows). */
  mainWarehouseId: sql<
    number | null
  >`(select s.warehouse_id from goods_stock s where s.goods_id = ${goods.id} order by s.quantity desc, s.warehouse_id limit 1)`,
  /** Its 控销 control, judged by the eligibility rule (null: sold to all). */
  saleControl: saleControlOf(),
  /** Its categories (the badges' coverage needs them; read here, not in another round trip). */
  categoryIds: sql<
    number[]
  >`array(select gc.category_id from goods_categories gc where gc.goods_id = ${goods.id})`,
};
export type SummaryRow = Pick<
  typeof goods.$inferSelect,
  Exclude<keyof typeof summaryColumns, 'mainWarehouseId' | 'saleControl' | 'categoryIds'>
> & {
  mainWarehouseId?: number | null;
  saleControl?: SaleControl | null;
  categoryIds?: number[];
};

/** The list row columns as a raw statement returns them (the expiry as its ISO date text). */
const rawSummaryColumns = { ...summaryColumns, expiresOn: sql<string | null>`${goods.expiresOn}::text` };

export type { ListFilter } from './list-filter';

/** The phrases a keyword search looks for: the keyword and its alternatives, normalized, once each. */
export function searchPhrases(f: Pick<ListFilter, 'keywords' | 'terms'>): string[] {
  return [...new Set([f.keywords ?? '', ...(f.terms ?? [])].map(normalizeKeyword).filter(Boolean))];
}

/**
 * Goods a coverage names, as SQL (packages/domain promotion/coverage.ts covers(); categories
 * already expanded to their descendants): the catalogue's badge filters and the promotions'
 * covered-goods prefilter (coverage.ts coveredGoodsIds) share it.
 */
export function coverageCondition(c: Coverage): SQL {
  const any: SQL[] = [];
  if (c.all) any.push(sql`true`);
  if (c.goodsIds?.length) any.push(inArray(goods.id, c.goodsIds));
  if (c.categoryIds?.length)
    any.push(
      exists(
        sql`(select 1 from ${goodsCategories} where ${goodsCategories.goodsId} = ${goods.id} and ${inArray(goodsCategories.categoryId, c.categoryIds)})`,
      ),
    );
  if (c.brandIds?.length) any.push(inArray(goods.brandId, c.brandIds));
  if (c.zones?.length) any.push(sql`${goods.zones} && ${sql.param(c.zones)}::text[]`);
  if (any.length === 0) return sql`false`;
  const named = or(...any) as SQL;
  return c.excludeGoodsIds?.length ? (and(named, notInArray(goods.id, c.excludeGoodsIds)) as SQL) : named;
}

/** Whether a list is a keyword search (its keyword holds a word). */
export function isKeywordSearch(f: ListFilter): boolean {
  return searchPhrases(f).length > 0;
}

/** WHERE conditions of a goods list; keywords only ever travel as bound parameters. */
export function listConditions(f: ListFilter): SQL {
  const conds: (SQL | undefined)[] = [eq(goods.isOnSale, true)];
  if (f.categoryIds) {
    conds.push(
      exists(
        sql`(select 1 from ${goodsCategories} where ${goodsCategories.goodsId} = ${goods.id} and ${inArray(
          goodsCategories.categoryId,
          f.categoryIds,
        )})`,
      ),
    );
  }
  if (f.goodsIds) conds.push(anyOf(goods.id, f.goodsIds));
  if (f.controlled)
    conds.push(
      exists(sql`(select 1 from ${goodsSaleControls} where ${goodsSaleControls.goodsId} = ${goods.id})`),
    );
  // A keyword is the keyword statements' own condition (keywordPage), never built here.
  if (f.sccj) conds.push(eq(goods.manufacturer, f.sccj));
  if (f.brand_id) conds.push(eq(goods.brandId, f.brand_id));
  if (f.zone) conds.push(sql`${goods.zones} @> array[${f.zone}]::text[]`);
  if (f.badge) {
    conds.push(f.badge.coverages.length ? or(...f.badge.coverages.map(coverageCondition)) : sql`false`);
    // Promotions never cover 含麻 goods; 优 and 新 are not promotions.
    if (f.tag === '满' || f.tag === '秒' || f.tag === '特' || f.on_promotion === 1)
      conds.push(eq(goods.ephedrine, false));
    if (f.badge.listedAfter) conds.push(gt(goods.createdAt, f.badge.listedAfter));
  }
  if (f.in_stock === 1) conds.push(gt(goods.stockTotal, 0));
  if (f.expiresFrom) conds.push(gte(goods.expiresOn, f.expiresFrom));
  if (f.nearExpiry)
    conds.push(gt(goods.expiresOn, f.nearExpiry.after), lt(goods.expiresOn, f.nearExpiry.before));
  if (f.min_price !== undefined) conds.push(gte(goods.basePriceFen, Math.round(f.min_price * 100)));
  if (f.max_price !== undefined) conds.push(lte(goods.basePriceFen, Math.round(f.max_price * 100)));
  return and(...conds)!;
}

export function listOrder(sort: GoodsListQuery['sort']): SQL[] {
  switch (sort) {
    case 'sales':
      return [desc(goods.salesCount), desc(goods.id)];
    case 'price_asc':
      return [asc(goods.basePriceFen), asc(goods.id)];
    case 'price_desc':
      return [desc(goods.basePriceFen), desc(goods.id)];
    case 'newest':
      return [desc(goods.createdAt), desc(goods.id)];
    case 'expiry_desc':
      return [sql`${goods.expiresOn} desc nulls last`, desc(goods.id)];
    case 'expiry_asc':
      return [sql`${goods.expiresOn} asc nulls last`, asc(goods.id)];
    default:
      return [asc(goods.id)];
  }
}

/**
 * The listable rows of these goods (on sale, listed: the lists' own conditions), without a page
 * or a total: the goods of a favourites page, a quick purchase or an activity page, by id.
 */
export function rowsOfGoods(db: Db, ids: readonly number[]): Promise<SummaryRow[]> {
  return listedRows(db, ids);
}

/**
 * One page of goods and the total. The ordered ids of a page (and the total) are cached for a
 * few seconds per filter, sort and page — list pages are the same for every visitor — while the
 * rows themselves (stock, prices, on-sale flag) are always read fresh by primary key.
 */
export async function listGoods(
  db: Db,
  filter: ListFilter,
  sort: GoodsListQuery['sort'],
  page: number,
  pageSize: number,
): Promise<{ rows: SummaryRow[]; total: number; capped: boolean }> {
  const capped = (total: number) => total >= LIST_TOTAL_CAP && browseOf(filter)?.table !== 'goods_categories';
  // The catalogue index answers which goods and how many (listing/); the rows are read fresh.
  const offset = (page - 1) * pageSize;
  const indexed = await indexedList(db, filter, sort, offset, pageSize, {
    cap: LIST_TOTAL_CAP,
    broadRanked: BROAD_RANKED,
  });
  if (indexed) {
    const ids = offset >= LIST_MAX_OFFSET ? [] : indexed.ids;
    return {
      rows: ids.length ? await pageRows(db, ids) : [],
      total: indexed.total,
      capped: capped(indexed.total),
    };
  }
  if (isKeywordSearch(filter)) {
    // A keyword is looked up by its rarest grams, known from the index statistics.
    await loadGramStats(db);
    const found = await keywordPage(db, filter, sort, page, pageSize);
    return { ...found, capped: capped(found.total) };
  }
  const where = listConditions(filter);
  // Bounded paging: a list is walked at most LIST_MAX_OFFSET rows deep (500 pages of 20), so
  // no request makes the database step over the whole catalogue to reach its page.
  const deep = (page - 1) * pageSize >= LIST_MAX_OFFSET;
  const [rows, total] = await Promise.all([
    deep ? Promise.resolve([]) : pageOf(db, filter, where, sort, page, pageSize),
    countGoods(db, filter, where),
  ]);
  return { rows, total, capped: capped(total) };
}

/**
 * listOrder over the columns of the `matched` set of a keyword search. The default order of a
 * keyword search is its ranking: how well the goods answers (match tier: exact, prefix, in the
 * name, elsewhere), then in stock and buyable for the viewer, then best sellers.
 */
const matchedOrder: Record<GoodsListQuery['sort'], string> = {
  default: 'tier, buyable desc, sales_count desc, id',
  sales: 'sales_count desc, id desc',
  price_asc: 'base_price_fen, id',
  price_desc: 'base_price_fen desc, id desc',
  newest: 'created_at desc, id desc',
  expiry_desc: 'expires_on desc nulls last, id desc',
  expiry_asc: 'expires_on asc nulls last, id',
};

/** Filters a keyword statement's shape covers (their values are constants or placeholders). */
const shapeFilters = new Set(['keywords', 'terms', 'type', 'in_stock', 'buyerScope', 'no_alias']);

/**
 * The statements of one keyword list (search/match.ts, search/statements.ts): the shape of its
 * phrases and filters, and the values of their placeholders. A list with another filter as well
 * (a category, a price range...) holds that filter's values in its text: its statements are made
 * for it alone.
 */
function keywordStatements(f: ListFilter, sort: GoodsListQuery['sort']) {
  const phrases = searchPhrases(f);
  const shapes = phraseShapes(phrases);
  const byMaker = f.type === 1;
  const scoped = Boolean(f.buyerScope?.length) && !byMaker;
  const rest = listConditions({ ...f, keywords: undefined, terms: undefined });
  const own = Object.entries(f).every(([key, value]) => shapeFilters.has(key) || value === undefined);
  const key = JSON.stringify([shapes, byMaker, scoped, f.in_stock === 1, sort]);
  const made = (kind: string, build: () => SQL) =>
    own ? shapeStatement(`${kind}:${key}`, build) : oneOffStatement(build());
  const tier = byMaker ? makerTier(shapes) : matchTier(shapes);
  const buyable = buyableRank(scoped);
  // A walk down a sort index confirms the keyword on each row instead of using its index.
  const walked = sql`${rest} and ${byMaker ? makerCondition(shapes, false) : containsCondition(shapes)}`;
  return {
    values: keywordValues(phrases, f.buyerScope),
    /** The matches (at most LIST_TOTAL_CAP + 1), their count and the page's rows; see keywordPage. */
    gather: () =>
      made(
        'gather',
        () => sql`select ${selectList(rawSummaryColumns)}, page.total as "matchedTotal"
      from (with matched as materialized (
          select goods.id, goods.sales_count, goods.base_price_fen, goods.created_at, goods.expires_on,
            ${sort === 'default' ? tier : sql`0`} as tier, ${sort === 'default' ? buyable : sql`true`} as buyable
          from ${goods} where ${rest} and ${byMaker ? makerCondition(shapes) : matchCondition(shapes)}
          limit ${LIST_TOTAL_CAP + 1})
        select t.total, p.id, p.n from (select count(*)::int as total from matched) t
        left join unnest(array(select id from matched order by ${sql.raw(matchedOrder[sort])}
          limit ${sql.placeholder('size')}::int offset ${sql.placeholder('offset')}::int))
          with ordinality as p(id, n) on true) page
      left join ${goods} on ${goods.id} = page.id
      order by page.n`,
      ),
    /**
     * A page of a broad keyword's ranking (more matches than LIST_TOTAL_CAP: 片, 胶囊, 阿): its
     * best sellers, walked down the sales index where its matches are dense (at least one goods
     * in fifty at 100,000 goods), and ranked among themselves like any keyword's matches. A
     * prefix match that sells less than those is left to the sorts and filters; ranking every
     * match of a key this broad would read thousands of rows per request.
     */
    rankedWalk: () =>
      made(
        'ranked',
        () => sql`select id from (
          select goods.id, ${tier} as tier, ${buyable} as buyable, goods.sales_count as sales
          from ${goods} where ${walked}
          order by goods.sales_count desc, goods.id desc limit ${sql.placeholder('reach')}::int
        ) best order by tier, buyable desc, sales desc, id
        limit ${sql.placeholder('size')}::int offset ${sql.placeholder('offset')}::int`,
      ),
    /** A page of a broad keyword in another sort: its sort index walked. */
    sortWalk: () =>
      made(
        'walk',
        () => sql`select goods.id from ${goods} where ${walked}
          order by ${sql.join(listOrder(sort), sql`, `)}
          limit ${sql.placeholder('size')}::int offset ${sql.placeholder('offset')}::int`,
      ),
  };
}

/**
 * A keyword search. The planner cannot tell how many goods a keyword matches, and walking a sort
 * index while testing the keyword on every row is slow when the matches are few (a drug name
 * sorted by price read tens of thousands of rows). So the matches are gathered first through
 * the keyword indexes, at most LIST_TOTAL_CAP + 1 of them, and the total and the page's rows are
 * taken from them in the same statement; only a broad keyword (more matches than the cap) then
 * walks the sort index, where its matches are dense, and reads that page's rows.
 */
async function keywordPage(
  db: Db,
  filter: ListFilter,
  sort: GoodsListQuery['sort'],
  page: number,
  pageSize: number,
): Promise<{ rows: SummaryRow[]; total: number }> {
  const key = JSON.stringify([databaseTag(db), filter, sort, page, pageSize]);
  const countKey = JSON.stringify([databaseTag(db), filter]);
  const now = Date.now();
  const hit = pageCache.get(key);
  const counted = countCache.get(countKey);
  if (hit && counted && now - hit.at < LIST_TTL_MS && now - counted.at < COUNT_TTL_MS) {
    const [ids, total] = await Promise.all([hit.ids, counted.total]);
    return { rows: ids.length ? await pageRows(db, ids) : [], total };
  }
  // A keyword known (within the count's time to live) to match more than the cap skips the
  // gathering of its matches: another sort or page of it walks the sort index at once.
  const statements = keywordStatements(filter, sort);
  const broadAt = broadKeywords.get(countKey);
  const knownBroad =
    (broadAt !== undefined && now - broadAt < COUNT_TTL_MS) ||
    (filter.type !== 1 && (await surelyBroad(db, searchPhrases(filter), LIST_TOTAL_CAP)));
  const offset = (page - 1) * pageSize;
  const values = {
    ...statements.values,
    size: pageSize,
    offset,
    reach: Math.max(BROAD_RANKED, page * pageSize),
  };
  const found = (async (): Promise<{ total: number; ids: number[]; rows: SummaryRow[] | null }> => {
    const walk = async () => {
      // Bounded paging: a broad keyword is walked at most LIST_MAX_OFFSET rows deep.
      if (offset >= LIST_MAX_OFFSET) return { total: LIST_TOTAL_CAP, ids: [], rows: null };
      const walked = sort === 'default' ? statements.rankedWalk() : statements.sortWalk();
      const ids = (await rawRowsNamed<{ id: number }>(db, walked, values)).map((r) => r.id);
      return { total: LIST_TOTAL_CAP, ids, rows: null };
    };
    if (knownBroad) return walk();
    // One statement: the matches, their count, and the page's rows (a row of nulls carries the
    // total when the page is empty).
    const matched = await rawRowsNamed<SummaryRow & { matchedTotal: number }>(
      db,
      statements.gather(),
      values,
    );
    const total = Number(matched[0]?.matchedTotal ?? 0);
    if (total <= LIST_TOTAL_CAP) {
      const rows = matched
        .filter((r) => r.id !== null)
        .map(({ matchedTotal: _, ...row }) => row as SummaryRow);
      return { total, ids: rows.map((r) => r.id), rows };
    }
    if (COUNT_TTL_MS > 0) {
      if (broadKeywords.size > 2_000) broadKeywords.clear();
      broadKeywords.set(countKey, now);
    }
    return walk();
  })();
  if (LIST_TTL_MS > 0) {
    const ids = found.then((f) => f.ids);
    const total = found.then((f) => f.total);
    pageCache.set(key, { at: now, ids });
    if (!knownBroad) countCache.set(countKey, { at: now, total });
    found.catch(() => {
      pageCache.delete(key);
      countCache.delete(countKey);
    });
  }
  const { ids, total, rows } = await found;
  if (rows) return { rows, total };
  return { rows: await listedRows(db, ids), total };
}

/** The best sellers of a broad keyword that its ranking orders (rankedWalk). */
const BROAD_RANKED = 100;

/** Rows a list may skip to reach its page; deeper pages answer empty. */
export const LIST_MAX_OFFSET = 10_000;
/**
 * Totals of lists outside the exact paths (category browsing, with or without in_stock) count
 * at most this many goods: a broad filter (a one-character keyword, a price range, a large zone)
 * would otherwise count tens of thousands of rows per request. 100 pages of 20.
 */
export const LIST_TOTAL_CAP = 2_000;

/**
 * Rows of a page by primary key. Identical pages requested within ROWS_TTL_MS (1 s) share one
 * read — concurrent visitors of a category page coalesce — so stock figures in lists are at most
 * a second old; cart and checkout always re-read stock.
 */
const ROWS_TTL_MS = Math.min(1_000, Number(process.env.CATALOG_CACHE_TTL_MS ?? 5_000));
const rowsCache = new Map<string, { at: number; rows: Promise<SummaryRow[]> }>();

function pageRows(db: Db, ids: number[]): Promise<SummaryRow[]> {
  const key = `${databaseTag(db)}:${ids.join(',')}`;
  const now = Date.now();
  const hit = rowsCache.get(key);
  if (hit && now - hit.at < ROWS_TTL_MS) return hit.rows;
  if (rowsCache.size > 2_000) rowsCache.clear();
  const rows = listedRows(db, ids);
  rowsCache.set(key, { at: now, rows });
  rows.catch(() => rowsCache.delete(key));
  return rows;
}

/**
 * How long list pages, totals and suggestions are cached in process (ms). CATALOG_CACHE_TTL_MS=0
 * turns the result caches off (the bench measures the bare queries that way too).
 */
export const listCacheTtlMs = Number(process.env.CATALOG_CACHE_TTL_MS ?? 5_000);
const LIST_TTL_MS = listCacheTtlMs;
const pageCache = new Map<string, { at: number; ids: Promise<number[]> }>();

/**
 * The rows of a page. With its ids cached, they are read fresh by primary key; otherwise one
 * query selects the page's rows in order (and its ids are cached for the next asker).
 */
async function pageOf(
  db: Db,
  filter: ListFilter,
  where: SQL,
  sort: GoodsListQuery['sort'],
  page: number,
  pageSize: number,
): Promise<SummaryRow[]> {
  const key = JSON.stringify([databaseTag(db), filter, sort, page, pageSize]);
  const now = Date.now();
  const hit = pageCache.get(key);
  if (hit && now - hit.at < LIST_TTL_MS) {
    const ids = await hit.ids;
    return ids.length ? pageRows(db, ids) : [];
  }
  // The page's ids in order first (an index walk), then the row columns of those ids only: the
  // per-row subqueries (warehouse, 控销, categories) never run for the rows the offset skips.
  const browse = browseOf(filter);
  const rows: Promise<SummaryRow[]> = browse
    ? browsePage(db, filter, browse, sort, page, pageSize)
    : db
        .select(summaryColumns)
        .from(
          sql`unnest(array(${db
            .select({ id: goods.id })
            .from(goods)
            .where(where)
            .orderBy(...listOrder(sort))
            .limit(pageSize)
            .offset((page - 1) * pageSize)})) with ordinality as page_ids(id, n)`,
        )
        .innerJoin(goods, sql`${goods.id} = page_ids.id`)
        .orderBy(sql`page_ids.n`)
        // A real promise: awaiting a query builder twice would run the query twice.
        .then((found) => found);
  if (LIST_TTL_MS > 0) {
    if (pageCache.size > 5_000) pageCache.clear();
    const ids = rows.then((found) => found.map((r) => r.id));
    pageCache.set(key, { at: now, ids });
    ids.catch(() => pageCache.delete(key));
  }
  return rows;
}

/**
 * Browsing: one category (with its descendants), one brand, one zone or the whole catalogue,
 * optionally in stock only and in a price range. Such lists are read from the category links or
 * the goods' facet rows alone, which carry copies of the goods' sale and stock flags, sales,
 * price, listing time and expiry (db/sql/070_catalog_listing.sql, 080_goods_facets.sql).
 */
type Browse = (
  | { table: 'goods_categories'; column: 'category_id'; keys: readonly number[] }
  | { table: 'goods_facets'; column: 'facet'; keys: readonly string[] }
) & {
  /** Facets each listed goods must also have (a category's goods of one brand: ['b:9']). */
  also: readonly string[];
};

const browseExtras = ['type', 'in_stock', 'min_price', 'max_price', 'nearExpiry', 'expiresFrom'];

/**
 * How a list is browsed: by its categories when it names them, else by its brand, else its zone,
 * else the whole catalogue; a brand or zone named beside is a facet each goods must also have.
 * Stock, price range and expiry (the 近效期 window, a shelf life) are columns of the listing rows.
 * Any other filter (keywords, maker, tags...) is answered from the goods (null).
 */
function browseOf(f: ListFilter): Browse | null {
  const named = Object.entries(f).filter(
    ([key, value]) => !browseExtras.includes(key) && value !== undefined && value !== '',
  );
  if (named.some(([key]) => key !== 'categoryIds' && key !== 'brand_id' && key !== 'zone')) return null;
  const facets = [
    ...(f.brand_id !== undefined ? [`b:${f.brand_id}`] : []),
    ...(f.zone !== undefined ? [`z:${f.zone}`] : []),
  ];
  if (f.categoryIds?.length)
    return { table: 'goods_categories', column: 'category_id', keys: f.categoryIds, also: facets };
  if (f.categoryIds) return null;
  const [key = 'all', ...also] = facets;
  return { table: 'goods_facets', column: 'facet', keys: [key], also };
}

/** The listing columns of each sort, in the order of listOrder (ties broken by goods id alike). */
const linkOrder: Record<GoodsListQuery['sort'], { keys: string; order: string }> = {
  default: { keys: 'goods_id', order: 'goods_id' },
  sales: { keys: 'list_sales, goods_id', order: 'list_sales desc, goods_id desc' },
  price_asc: { keys: 'list_price_fen, goods_id', order: 'list_price_fen, goods_id' },
  price_desc: { keys: 'list_price_fen, goods_id', order: 'list_price_fen desc, goods_id desc' },
  newest: { keys: 'list_created_at, goods_id', order: 'list_created_at desc, goods_id desc' },
  expiry_desc: {
    keys: 'list_expires_on, goods_id',
    order: 'list_expires_on desc nulls last, goods_id desc',
  },
  expiry_asc: { keys: 'list_expires_on, goods_id', order: 'list_expires_on asc nulls last, goods_id' },
};

/**
 * The values of a browsing list's conditions on its listing rows, by name; null where the list
 * does not filter on it. Named statements take them as their placeholders' values.
 */
function listingValues(f: ListFilter, browse: Browse): Record<string, unknown> {
  const values: Record<string, unknown> = {
    inStock: f.in_stock === 1 ? true : null,
    min: f.min_price !== undefined ? Math.round(f.min_price * 100) : null,
    max: f.max_price !== undefined ? Math.round(f.max_price * 100) : null,
    after: f.nearExpiry?.after ?? null,
    before: f.nearExpiry?.before ?? null,
    from: f.expiresFrom ?? null,
  };
  browse.also.forEach((facet, i) => {
    values[`also${i}`] = facet;
  });
  return values;
}

/**
 * Conditions on the listing rows beside their key: sale, stock, price range, expiry (the 近效期
 * window, a shelf life), and the facets each goods must also have (looked up by the facets'
 * primary key). `bind` gives a value's SQL: a bound parameter, or a named statement's
 * placeholder (the same conditions for the count and the page).
 */
function listingConditions(
  table: Browse['table'],
  values: Record<string, unknown>,
  bind: (name: string) => SQL,
): SQL[] {
  const conds: SQL[] = [sql`list_on_sale`];
  if (values.inStock) conds.push(sql`list_in_stock`);
  if (values.min !== null) conds.push(sql`list_price_fen >= ${bind('min')}::int`);
  if (values.max !== null) conds.push(sql`list_price_fen <= ${bind('max')}::int`);
  if (values.after !== null)
    conds.push(sql`list_expires_on > ${bind('after')}::date and list_expires_on < ${bind('before')}::date`);
  if (values.from !== null) conds.push(sql`list_expires_on >= ${bind('from')}::date`);
  for (let i = 0; `also${i}` in values; i++)
    conds.push(
      sql`exists (select 1 from goods_facets also_f where also_f.facet = ${bind(`also${i}`)}::text and also_f.goods_id = ${sql.raw(table)}.goods_id)`,
    );
  return conds;
}

/**
 * The list rows of goods by id, in the order of the ids, those on sale only: the one reader of
 * list rows by id (pages whose ids are known, favourites, quick purchase, activity pages). One
 * named statement for any number of ids (an array parameter), planned once per connection.
 */
const listedRowsStatement = statement(
  'goods_listed_rows',
  sql`select ${selectList(rawSummaryColumns)}
      from unnest(${sql.placeholder('ids')}::int[]) with ordinality as page_ids(id, n)
      inner join ${goods} on ${goods.id} = page_ids.id
      where ${goods.isOnSale}
      order by page_ids.n`,
);

function listedRows(db: DbOrTx, ids: readonly number[]): Promise<SummaryRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return rawRowsNamed<SummaryRow>(db, listedRowsStatement, { ids: [...ids] });
}

const browseStatements = new Map<string, RawStatement>();

/**
 * Which conditions a browsing list has, for its statements' names: the text of a statement
 * depends on the table, the sort and these, never on values. Two letters per condition, so a
 * name stays far below PostgreSQL's 63 characters.
 */
function conditionLetters(values: Record<string, unknown>): string {
  return Object.keys(values)
    .filter((key) => values[key] !== null)
    .map((key) => (key.startsWith('also') ? 'a' : key.slice(0, 2)))
    .join('');
}

/**
 * The statement of a browsing page: each key of the list (a category and its descendants; a
 * brand, a zone or the whole catalogue is one key) is walked in its own sort index as far as
 * the page reaches (offset + page size rows), the walks are merged, a goods linked to two of the
 * categories is kept once (DISTINCT ON the sort key and id: its links carry equal keys), and the
 * page's goods rows are read in the same statement. The keys are one array parameter, so the
 * text is the same for any number of them: a named statement (db/raw.ts) that each pooled
 * connection parses once, one per sort and filter combination.
 *
 * Plans: PostgreSQL plans a named statement again on every execution (a custom plan, 0.3 ms
 * quiet, 1 ms under load: as long as the execution) while that looks cheaper than its generic
 * plan, and a LIMIT it can read makes it look so. Without a price range the generic plan is the
 * custom one (the same walks of the sort indexes, checked with EXPLAIN for every sort, on
 * categories and facets), so there the limits are read through a sub-select the planner cannot
 * see into, and so are the keys (a custom plan counts the keys of its array, a generic one
 * guesses ten): custom and generic plans cost the same, and after five executions each connection
 * keeps the generic plan. With a price range the custom plan is kept: its generic plan walked
 * the price index and sorted thousands of rows for an expiry sort (0.5 ms -> 7 ms).
 */
function browseStatement(
  table: Browse['table'],
  sort: GoodsListQuery['sort'],
  values: Record<string, unknown>,
): RawStatement {
  const name = `browse_${table === 'goods_categories' ? 'c' : 'f'}_${sort}_${conditionLetters(values)}`;
  const cached = browseStatements.get(name);
  if (cached) return cached;
  const p = (key: string) => sql.placeholder(key);
  const generic = values.min === null && values.max === null;
  const opaque = (key: string, type: string) =>
    generic ? sql`(select ${p(key)}::${sql.raw(type)})` : sql`${p(key)}::${sql.raw(type)}`;
  const limit = (key: string) => opaque(key, 'int');
  const byCategory = table === 'goods_categories';
  const conds: SQL[] = [
    sql`${sql.raw(byCategory ? 'category_id' : 'facet')} = browse_key.value`,
    ...listingConditions(table, values, (key) => sql`${p(key)}`),
  ];
  const { keys, order } = linkOrder[sort];
  const sortKey = keys === 'goods_id' ? 'goods_id' : keys.split(',')[0];
  const mergedOrder = order.replace(/list_[a-z_]+/, 'k');
  const mergedKeys = keys.replace(/list_[a-z_]+/, 'k');
  const made = statement(
    name,
    sql`select ${selectList(rawSummaryColumns)}
      from unnest(array(
        select goods_id from (
          select distinct on (${sql.raw(mergedKeys)}) goods_id from (
            select walk.goods_id, walk.k
            from unnest(${opaque('keys', byCategory ? 'int[]' : 'text[]')}) as browse_key(value)
            cross join lateral (
              select goods_id, ${sql.raw(sortKey)} as k from ${sql.raw(table)}
              where ${sql.join(conds, sql` and `)}
              order by ${sql.raw(order)} limit ${limit('reach')}
            ) walk
          ) walks
          order by ${sql.raw(mergedOrder)} limit ${limit('size')} offset ${limit('offset')}
        ) page
      )) with ordinality as page_ids(id, n)
      inner join ${goods} on ${goods.id} = page_ids.id
      order by page_ids.n`,
  );
  browseStatements.set(name, made);
  return made;
}

/** The rows of a browsing page, in order (browseStatement). */
function browsePage(
  db: Db,
  f: ListFilter,
  browse: Browse,
  sort: GoodsListQuery['sort'],
  page: number,
  pageSize: number,
): Promise<SummaryRow[]> {
  const conditions = listingValues(f, browse);
  return rawRowsNamed<SummaryRow>(db, browseStatement(browse.table, sort, conditions), {
    ...conditions,
    keys: [...browse.keys],
    reach: page * pageSize,
    size: pageSize,
    offset: (page - 1) * pageSize,
  });
}

/**
 * Total of a goods list. Browsing a category (the common case) counts category links in the
 * goods_categories index and subtracts off-sale goods (a tiny partial index), instead of
 * joining every goods row of the category.
 */
const countCache = new Map<string, { at: number; total: Promise<number> }>();
const COUNT_TTL_MS = listCacheTtlMs;
/** Keyword filters found to match more than LIST_TOTAL_CAP goods, and when (see keywordPage). */
const broadKeywords = new Map<string, number>();

/** Totals are cached for a few seconds per filter (they move slowly; pages are always fresh). */
function countGoods(db: Db, filter: ListFilter, where: SQL): Promise<number> {
  const key = JSON.stringify([databaseTag(db), filter]);
  const now = Date.now();
  const hit = countCache.get(key);
  if (hit && now - hit.at < COUNT_TTL_MS) return hit.total;
  if (countCache.size > 2_000) countCache.clear();
  const total = queryCount(db, filter, where);
  countCache.set(key, { at: now, total });
  total.catch(() => countCache.delete(key));
  return total;
}

/** Forgets cached pages, totals and suggestions (after goods writes). */
export const invalidateGoodsLists = sharedForget('goods-lists', () => {
  suggestionCache.clear();
  countCache.clear();
  broadKeywords.clear();
  pageCache.clear();
  rowsCache.clear();
});

const countStatements = new Map<string, RawStatement>();

/**
 * The statement counting a browsing list: a category's links (exact; several categories' links
 * once per goods) or a brand's, a zone's or the whole catalogue's facet rows up to the cap, each
 * in their listing index. The keys are one array parameter, so one named statement per table,
 * number of keys (one or several) and set of conditions serves every category; the plan is the
 * same for every value (an index-only scan of the key's listing rows), so the generic plan
 * PostgreSQL settles on after a few executions is the right one.
 */
function browseCountStatement(browse: Browse, values: Record<string, unknown>): RawStatement {
  const byCategory = browse.table === 'goods_categories';
  const several = byCategory && browse.keys.length > 1;
  const name = `count_${byCategory ? 'c' : 'f'}${several ? 'n' : '1'}_${conditionLetters(values)}`;
  const cached = countStatements.get(name);
  if (cached) return cached;
  const p = (key: string) => sql.placeholder(key);
  const where = sql.join(
    [
      byCategory ? sql`category_id = any(${p('keys')}::int[])` : sql`facet = any(${p('keys')}::text[])`,
      ...listingConditions(browse.table, values, (key) => sql`${p(key)}`),
    ],
    sql` and `,
  );
  // One category's links are unique per goods (the primary key); several need distinct.
  const made = statement(
    name,
    byCategory
      ? sql`select ${sql.raw(several ? 'count(distinct goods_id)' : 'count(*)')}::int as total
          from goods_categories where ${where}`
      : sql`select count(*)::int as total
          from (select 1 from goods_facets where ${where} limit ${p('cap')}::int) matched`,
  );
  countStatements.set(name, made);
  return made;
}

async function queryCount(db: Db, filter: ListFilter, where: SQL): Promise<number> {
  const browse = browseOf(filter);
  if (browse) {
    const values = listingValues(filter, browse);
    const [{ total }] = await rawRowsNamed<{ total: number }>(db, browseCountStatement(browse, values), {
      ...values,
      keys: [...browse.keys],
      cap: LIST_TOTAL_CAP,
    });
    return total;
  }
  // Any other filter: count up to the cap (the scan stops there).
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1`.as('one') })
      .from(goods)
      .where(where)
      .limit(LIST_TOTAL_CAP)
      .as('matched'),
  );
  return total;
}

/** Units taken from a warehouse's stock but still in its batches (open orders), per goods. */
export interface HeldUnits {
  goodsId: number;
  warehouseId: number;
  quantity: number;
}

export interface StockMismatch {
  goodsId: number;
  goodsName: string;
  spec: string;
  warehouseId: number;
  warehouse: string;
  stock: number;
  held: number;
  batchTotal: number;
}

/** The most mismatches one check answers (a console list, not an export). */
export const MAX_STOCK_MISMATCHES = 500;

/**
 * Every goods and warehouse where stock and batches disagree: stock + held != sum of the batch
 * quantities (catalog/README.md). A pair counts when any of the three knows it, so stock without
 * a batch, a batch without a stock row, and units held with neither all show.
 */
export async function stockBatchMismatches(db: DbOrTx, held: readonly HeldUnits[]): Promise<StockMismatch[]> {
  const result = await db.execute(sql`
    with held as (
      select * from unnest(${sql.param(held.map((h) => h.goodsId))}::int[],
                           ${sql.param(held.map((h) => h.warehouseId))}::int[],
                           ${sql.param(held.map((h) => h.quantity))}::int[]) as h(goods_id, warehouse_id, quantity)
    ),
    batch_totals as (
      select ${goodsBatches.goodsId} as goods_id, ${goodsBatches.warehouseId} as warehouse_id,
             sum(${goodsBatches.quantity})::int as quantity
      from ${goodsBatches} group by 1, 2
    ),
    pairs as (
      select ${goodsStock.goodsId} as goods_id, ${goodsStock.warehouseId} as warehouse_id from ${goodsStock}
      union select goods_id, warehouse_id from batch_totals
      union select goods_id, warehouse_id from held
    )
    select p.goods_id as "goodsId", ${goods.name} as "goodsName", ${goods.spec} as "spec",
           p.warehouse_id as "warehouseId", ${warehouses.name} as "warehouse",
           coalesce(${goodsStock.quantity}, 0)::int as "stock", coalesce(h.quantity, 0)::int as "held",
           coalesce(b.quantity, 0)::int as "batchTotal"
    from pairs p
    join ${goods} on ${goods.id} = p.goods_id
    join ${warehouses} on ${warehouses.id} = p.warehouse_id
    left join ${goodsStock} on ${goodsStock.goodsId} = p.goods_id and ${goodsStock.warehouseId} = p.warehouse_id
    left join batch_totals b on b.goods_id = p.goods_id and b.warehouse_id = p.warehouse_id
    left join held h on h.goods_id = p.goods_id and h.warehouse_id = p.warehouse_id
    where coalesce(${goodsStock.quantity}, 0) + coalesce(h.quantity, 0) <> coalesce(b.quantity, 0)
    order by p.goods_id, p.warehouse_id
    limit ${MAX_STOCK_MISMATCHES}`);
  return result.rows as unknown as StockMismatch[];
}
