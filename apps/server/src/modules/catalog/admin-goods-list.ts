import { ADMIN_GOODS_TOTAL_CAP, type AdminGoodsRow, type adminGoodsQuery, toYuan } from '@yaocai/domain';
import { and, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, selectList, statement } from '../../db/raw';
import { goods, goodsCategories } from '../../db/schema/catalog';
import { sharedForget } from '../../lib/cache-bus';
import type { OperatorCtx } from '../../lib/context';
import { goodsImage } from './service';

// The console's goods list: newest edit first, searched and filtered. A list of at most
// ADMIN_GOODS_TOTAL_CAP goods is gathered once (its count and its ids in edit order, one
// statement) and paged from memory; a broader one is walked down the edit-order indexes as far
// as its pages have been asked, and those ids are paged from memory too. The rows of a page are
// always read fresh by id.

type Query = z.output<typeof adminGoodsQuery>;

/**
 * Everything an operator may type (name, common name, approval number, maker, pinyin, initials,
 * SKU), lower-cased: the stored column `search_text` of db/sql/040_admin_goods.sql, indexed with
 * trigrams together with the list's equality filters.
 */
const searchText = sql`search_text`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Three characters or more: contained anywhere (trigram index). Shorter: a prefix of the name,
 * the pinyin, the initials or the approval number (btree prefix indexes), since a one- or
 * two-character "contains" cannot use an index and would scan the catalogue.
 */
function searchCondition(q: string): SQL {
  if ([...q].length >= 3) return sql`${searchText} like ${`%${escapeLike(q.toLowerCase())}%`}`;
  const prefix = `${escapeLike(q)}%`;
  const lower = `${escapeLike(q.toLowerCase())}%`;
  return or(
    sql`${goods.name} like ${prefix}`,
    sql`${goods.namePinyin} like ${lower}`,
    sql`${goods.nameInitials} like ${lower}`,
    sql`${goods.approvalNo} like ${prefix}`,
    eq(goods.sku, q),
  ) as SQL;
}

/** The list filters a query sets. */
type ListFilters = Omit<Query, 'page' | 'page_size'>;

/**
 * The condition of each filter of the console's goods list. The rare ones (器械, 处方药, 已下架,
 * 含麻, 缺货) have edit-order indexes of their own in db/sql/040_admin_goods.sql.
 */
const listFilters: {
  [K in keyof ListFilters]-?: (value: NonNullable<ListFilters[K]>, db: DbOrTx) => SQL;
} = {
  q: (q) => searchCondition(q),
  kind: (kind) => eq(goods.kind, kind),
  rx_class: (rx) => eq(goods.rxClass, rx),
  on_sale: (v) => eq(goods.isOnSale, v === '1'),
  ephedrine: (v) => eq(goods.ephedrine, v === '1'),
  // 缺货 reads the stored flag sold_out (stock_total <= 0), which its index lists.
  stock: (v) => (v === 'in' ? sql`${goods.stockTotal} > 0` : sql`sold_out`),
  brand_id: (id) => eq(goods.brandId, id),
  category_id: (id, db) =>
    inArray(
      goods.id,
      db
        .select({ id: goodsCategories.goodsId })
        .from(goodsCategories)
        .where(eq(goodsCategories.categoryId, id)),
    ),
};

/** The conditions of the filters a query sets. */
function conditionsOf(filters: ListFilters, db: DbOrTx): SQL | undefined {
  const set = (Object.keys(listFilters) as (keyof ListFilters)[]).flatMap((key) => {
    const value = filters[key];
    if (value === undefined || value === '') return [];
    return [(listFilters[key] as (v: typeof value, db: DbOrTx) => SQL)(value, db)];
  });
  return set.length ? and(...set) : undefined;
}

/**
 * The matches of one filter: their count up to ADMIN_GOODS_TOTAL_CAP + 1 and, when they are no
 * more than the cap, all their ids in edit order (newest first).
 */
interface Matches {
  total: number;
  ids: Int32Array | null;
}

/**
 * Each filter's matches, cached per process for 15 s (paging through one search gathers them
 * once) and dropped by every goods write (goodsChanged, in every process through the cache bus).
 * A stock move (an order) changes 有货/缺货 membership without such a write: that shows within
 * 15 s. The rows themselves are always read fresh.
 */
let listsByDb = new WeakMap<object, Map<string, { at: number; value: Promise<unknown> }>>();
const LIST_TTL_MS = 15_000;
function listsOf(db: object) {
  let lists = listsByDb.get(db);
  if (!lists) {
    lists = new Map();
    listsByDb.set(db, lists);
  }
  return lists;
}
function cached<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  const hit = listsOf(db).get(key);
  if (hit && Date.now() - hit.at < LIST_TTL_MS) return hit.value as Promise<T>;
  return remember(db, key, read);
}

/** Reads and keeps a list under its key, replacing what was kept. */
function remember<T>(db: object, key: string, read: () => Promise<T>): Promise<T> {
  const lists = listsOf(db);
  if (lists.size > 500) lists.clear();
  const value = read();
  lists.set(key, { at: Date.now(), value });
  value.catch(() => lists.delete(key));
  return value;
}

/** Forgets the console lists' gathered matches, in this process and the others. */
export const forgetAdminGoodsLists = sharedForget('admin-goods-lists', () => {
  // A WeakMap cannot be cleared: every database's lists go with a new one.
  listsByDb = new WeakMap();
});

/**
 * One statement: up to cap + 1 matches in whatever order the cheaper path finds them (the search
 * and filter indexes for few, the table until the cap for many), their count, and their ids in
 * edit order (used only when they are all).
 */
async function gatherMatches(db: DbOrTx, condition: SQL | undefined): Promise<Matches> {
  const matched = db
    .select({ id: goods.id, updatedAt: goods.updatedAt })
    .from(goods)
    .where(condition)
    .limit(ADMIN_GOODS_TOTAL_CAP + 1)
    .as('matched');
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      ids: sql<
        number[] | null
      >`array_agg(${matched.id} order by ${matched.updatedAt} desc, ${matched.id} desc)`,
    })
    .from(matched);
  const total = Number(row?.total ?? 0);
  return { total, ids: total <= ADMIN_GOODS_TOTAL_CAP ? Int32Array.from(row?.ids ?? []) : null };
}

/** The columns a console list row shows. */
const rowColumns = {
  id: goods.id,
  sku: goods.sku,
  name: goods.name,
  spec: goods.spec,
  unit: goods.unit,
  manufacturer: goods.manufacturer,
  approvalNo: goods.approvalNo,
  kind: goods.kind,
  rxClass: goods.rxClass,
  basePriceFen: goods.basePriceFen,
  stockTotal: goods.stockTotal,
  expiresOn: sql<string | null>`${goods.expiresOn}::text`,
  isOnSale: goods.isOnSale,
  ephedrine: goods.ephedrine,
  image: goods.image,
  updatedAt: goods.updatedAt,
};
interface ListRow {
  id: number;
  sku: string;
  name: string;
  spec: string;
  unit: string;
  manufacturer: string;
  approvalNo: string;
  kind: string;
  rxClass: string;
  basePriceFen: number;
  stockTotal: number;
  expiresOn: string | null;
  isOnSale: boolean;
  ephedrine: boolean;
  image: string | null;
  updatedAt: Date;
}

/** The rows of these goods in this order: one named statement, whatever the number of ids. */
const rowsByIds = statement(
  'admin_goods_rows',
  sql`select ${selectList(rowColumns)}
      from unnest(${sql.placeholder('ids')}::int[]) with ordinality as page_ids(id, n)
      inner join ${goods} on ${goods.id} = page_ids.id
      order by page_ids.n`,
);

interface Walk {
  ids: Int32Array;
  /** How far it was asked to walk: fewer ids found means the list ends there. */
  limit: number;
}

/**
 * The first ids of a list broader than the cap in edit order, walked down an edit-order index
 * (the list's own, or the whole catalogue's) until `limit` are found: at least one goods in fifty
 * matches, so the walk reads at most fifty times its length, where gathering every match would
 * sort thousands.
 */
async function walkedIds(db: DbOrTx, condition: SQL | undefined, limit: number, offset = 0) {
  const rows = await db
    .select({ id: goods.id })
    .from(goods)
    .where(condition)
    .orderBy(desc(goods.updatedAt), desc(goods.id))
    .limit(limit)
    .offset(offset);
  return Int32Array.from(rows, (r) => r.id);
}

/** A broad list is walked at least this far at once (its first pages), and at most this far. */
const WALK_FIRST = 200;
const WALK_MOST = 10_000;

/**
 * The ids of a page of a list broader than the cap. The list's walk is kept as the rest are (15
 * s, dropped by every goods write): paging through a broad search walks it once, and a page past
 * the kept walk walks twice as far. Pages past WALK_MOST are walked on their own.
 */
async function broadPage(db: DbOrTx, key: string, condition: SQL | undefined, offset: number, size: number) {
  const end = offset + size;
  if (end > WALK_MOST) return [...(await walkedIds(db, condition, size, offset))];
  const walkKey = `walk:${key}`;
  const walkTo = async (limit: number): Promise<Walk> => ({
    ids: await walkedIds(db, condition, limit),
    limit,
  });
  let walk = await cached(db, walkKey, () => walkTo(Math.max(end, WALK_FIRST)));
  if (walk.ids.length < end && walk.ids.length === walk.limit)
    walk = await remember(db, walkKey, () => walkTo(Math.min(WALK_MOST, Math.max(end, walk.limit * 2))));
  return [...walk.ids.subarray(offset, end)];
}

export async function listAdminGoods(ctx: OperatorCtx, query: Query) {
  const { page: _page, page_size: _size, ...filters } = query;
  const condition = conditionsOf(filters, ctx.db);
  const key = JSON.stringify(filters);
  const matches = await cached(ctx.db, key, () => gatherMatches(ctx.db, condition));
  const offset = (query.page - 1) * query.page_size;
  const ids = matches.ids
    ? [...matches.ids.subarray(offset, offset + query.page_size)]
    : await broadPage(ctx.db, key, condition, offset, query.page_size);
  const rows = ids.length ? await rawRowsNamed<ListRow>(ctx.db, rowsByIds, { ids }) : [];
  return {
    list: rows.map(
      (r): AdminGoodsRow => ({
        id: r.id,
        sku: r.sku,
        name: r.name,
        spec: r.spec,
        unit: r.unit,
        manufacturer: r.manufacturer,
        approval_no: r.approvalNo,
        kind: r.kind,
        rx_class: r.rxClass,
        base_price: toYuan(r.basePriceFen),
        stock: r.stockTotal,
        expires_on: r.expiresOn,
        on_sale: r.isOnSale,
        ephedrine: r.ephedrine,
        image: r.image ?? goodsImage(r.id),
        updated_at: r.updatedAt.toISOString(),
      }),
    ),
    total: matches.total,
    page: query.page,
    page_size: query.page_size,
  };
}
