import { randomUUID } from 'node:crypto';
import {
  type AdminGoodsDetail,
  type adminGoodsQuery,
  defaultTaxOf,
  fromYuan,
  type GoodsEditBody,
  listingRefusal,
  type PermissionCode,
  permissionName,
  taxClassificationOf,
  toYuan,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { brands, categories, goods, goodsBatches, goodsCategories, warehouses } from '../../db/schema';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, forbidden, notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { batchesWithReports } from '../compliance/reports';
import { priceDropNews } from '../message/favourite-news';
import { loadOrderSettings } from '../order/settings';
import { goodsPinyinColumns } from './pinyin';
import { invalidateGoodsLists } from './queries';
import { invalidateCatalogRefs } from './refs';
import { goodsImage } from './service';

// The console's goods: list, read, create, edit, put on and take off sale. Every write runs in
// one transaction with its audit row, recomputes the pinyin search keys and drops the
// catalogue's caches, so the shop shows the change on its next request.

type Query = z.output<typeof adminGoodsQuery>;

/** The console list counts matches up to this many, then shows "10000+" (an exact count of a
 * broad search over 100,000 goods costs more than the page). */
export const ADMIN_GOODS_COUNT_CAP = 10_000;

/**
 * Everything an operator may type (name, common name, approval number, maker, pinyin, initials,
 * SKU), lower-cased: the stored column `search_text` of db/sql/040_admin_goods.sql, indexed with
 * trigrams together with the list's equality filters.
 */
const searchText = sql`search_text`;

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

/**
 * Per-process caches, 15 s long and dropped by every goods write here: the capped total of each
 * filter (paging through one search reads it once) and the catalogue's size. Another process's
 * write shows within 15 s.
 */
const totalsByDb = new WeakMap<object, Map<string, { at: number; n: Promise<number> }>>();
const TOTAL_TTL_MS = 15_000;
function cached(db: object, key: string, count: () => Promise<number>): Promise<number> {
  let totals = totalsByDb.get(db);
  if (!totals) {
    totals = new Map();
    totalsByDb.set(db, totals);
  }
  const hit = totals.get(key);
  if (hit && Date.now() - hit.at < TOTAL_TTL_MS) return hit.n;
  if (totals.size > 1000) totals.clear();
  const n = count();
  totals.set(key, { at: Date.now(), n });
  n.catch(() => totals.delete(key));
  return n;
}

/**
 * Whether a page is cheaper to read by collecting every match through the search and filter
 * indexes and sorting them (few matches) than by walking the whole catalogue in edit order until
 * the page is filled (many matches). Walking reads about (offset + limit) × size / matches rows;
 * collecting reads the matches: collect when matches² < (offset + limit) × size. PostgreSQL's
 * own estimate of a trigram search is often wrong by orders of magnitude, so the exact (capped)
 * count decides.
 */
export function collectMatches(matches: number, end: number, catalogueSize: number): boolean {
  return matches * matches < end * Math.max(catalogueSize, 1);
}

/** The list filters a query sets. */
type ListFilters = Omit<Query, 'page' | 'page_size'>;

interface ListFilter<K extends keyof ListFilters> {
  /** The filter's condition on goods. */
  condition: (value: NonNullable<ListFilters[K]>, db: DbOrTx) => SQL;
  /**
   * Whether the value has an edit-order index of its own in db/sql/040_admin_goods.sql (every
   * row of it matches, so walking it in edit order reads just the page, at any depth).
   */
  ownIndex?: (value: NonNullable<ListFilters[K]>) => boolean;
}

/** Every filter of the console's goods list: its condition, and whether it has its own index. */
const listFilters: { [K in keyof ListFilters]-?: ListFilter<K> } = {
  q: { condition: (q) => searchCondition(q) },
  kind: { condition: (kind) => eq(goods.kind, kind), ownIndex: () => true },
  rx_class: { condition: (rx) => eq(goods.rxClass, rx), ownIndex: () => true },
  on_sale: { condition: (v) => eq(goods.isOnSale, v === '1'), ownIndex: (v) => v === '0' },
  ephedrine: { condition: (v) => eq(goods.ephedrine, v === '1'), ownIndex: (v) => v === '1' },
  // 缺货 reads the stored flag sold_out (stock_total <= 0), which its index lists.
  stock: {
    condition: (v) => (v === 'in' ? sql`${goods.stockTotal} > 0` : sql`sold_out`),
    ownIndex: (v) => v === 'out',
  },
  brand_id: { condition: (id) => eq(goods.brandId, id) },
  category_id: {
    condition: (id, db) =>
      inArray(
        goods.id,
        db
          .select({ id: goodsCategories.goodsId })
          .from(goodsCategories)
          .where(eq(goodsCategories.categoryId, id)),
      ),
  },
};

/** The filters a query sets, each with its entry of listFilters. */
function setFilters(filters: ListFilters) {
  return (Object.keys(listFilters) as (keyof ListFilters)[]).flatMap((key) => {
    const value = filters[key];
    if (value === undefined || value === '') return [];
    const filter = listFilters[key] as ListFilter<typeof key>;
    return [{ value: value as never, filter }];
  });
}

/**
 * Whether a page is read by collecting the matches and sorting them (true) or by walking an
 * edit-order index (false). A filter that has an edit-order index of its own (listFilters'
 * ownIndex) is walked when it is the only one. Otherwise the exact (capped) count of matches
 * decides (collectMatches).
 */
export function collectsPage(
  filters: ListFilters,
  matches: number,
  end: number,
  catalogueSize: number,
): boolean {
  const set = setFilters(filters);
  if (set.length === 0) return false;
  if (set.length === 1 && set[0].filter.ownIndex?.(set[0].value)) return false;
  return collectMatches(matches, end, catalogueSize);
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export async function listAdminGoods(ctx: OperatorCtx, query: Query) {
  const { page: _page, page_size: _size, ...filters } = query;
  const where = setFilters(filters).map(({ value, filter }) => filter.condition(value, ctx.db));
  const condition = where.length ? and(...where) : undefined;
  const [total, size] = await Promise.all([
    cached(ctx.db, JSON.stringify(filters), () =>
      ctx.db
        .select({ n: count() })
        .from(
          ctx.db
            .select({ one: sql`1`.as('one') })
            .from(goods)
            .where(condition)
            .limit(ADMIN_GOODS_COUNT_CAP + 1)
            .as('capped'),
        )
        .then(([row]) => row?.n ?? 0),
    ),
    cached(ctx.db, '', () =>
      ctx.db
        .select({ n: count() })
        .from(goods)
        .then(([row]) => row?.n ?? 0),
    ),
  ]);
  const offset = (query.page - 1) * query.page_size;
  // Sorting by an expression no index provides makes PostgreSQL fetch the matches through the
  // search/filter indexes and sort them, instead of walking the edit-order index past them.
  const newestFirst = collectsPage(filters, total, offset + query.page_size, size)
    ? sql`${goods.updatedAt} + interval '0 second' desc`
    : desc(goods.updatedAt);
  const rows =
    total <= ADMIN_GOODS_COUNT_CAP && offset >= total
      ? []
      : await ctx.db
          .select({
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
            expiresOn: goods.expiresOn,
            isOnSale: goods.isOnSale,
            ephedrine: goods.ephedrine,
            image: goods.image,
            updatedAt: goods.updatedAt,
          })
          .from(goods)
          .where(condition)
          .orderBy(newestFirst, desc(goods.id))
          .limit(query.page_size)
          .offset(offset);
  return {
    list: rows.map((r) => ({
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
    })),
    total,
    page: query.page,
    page_size: query.page_size,
  };
}

/** Tax code and rate: the editor's, else the scope class's default (domain defaultTaxOf). */
function goodsTax(body: GoodsEditBody) {
  const fallback = defaultTaxOf(body.scope_class, body.kind);
  const taxCode = body.tax_code ?? fallback.code;
  return { taxCode, taxRate: body.tax_rate ?? taxClassificationOf(taxCode)?.rate ?? fallback.rate };
}

/** The goods columns an editor body sets (money in fen, pinyin keys computed). */
export function goodsColumns(body: GoodsEditBody) {
  return {
    name: body.name,
    commonName: body.common_name,
    kind: body.kind,
    manufacturer: body.manufacturer,
    brandId: body.brand_id,
    spec: body.spec,
    unit: body.unit,
    approvalNo: body.approval_no,
    ...(body.barcode !== undefined ? { barcode: body.barcode } : {}),
    dosageForm: body.dosage_form,
    authorizationHolder: body.authorization_holder,
    rxClass: body.rx_class,
    storage: body.storage,
    description: body.description,
    scopeClass: body.scope_class,
    ...goodsTax(body),
    controlClass: body.control_class,
    basePriceFen: fromYuan(body.base_price),
    retailPriceFen: body.retail_price === null ? null : fromYuan(body.retail_price),
    ladderType: body.ladder_type,
    ladder: body.ladder.map((t) => ({ quantity: t.quantity, priceFen: fromYuan(t.price) })),
    minQuantity: body.min_quantity,
    stepQuantity: body.step_quantity,
    isBuy: body.is_buy,
    isFreeShipping: body.is_free_shipping,
    freeShippingNumber: body.free_shipping_number,
    tags: body.tags,
    zones: body.zones,
    ephedrine: body.ephedrine,
    image: body.image,
    gallery: body.gallery,
    ...goodsPinyinColumns(body.name, body.manufacturer),
  };
}
type GoodsColumns = ReturnType<typeof goodsColumns>;

const priceColumns = ['basePriceFen', 'retailPriceFen', 'ladderType', 'ladder'] as const;

/** Whether the edit changes a price (needs 价格维护 besides 商品编辑). */
const changesPrice = (before: Partial<Record<keyof GoodsColumns, unknown>> | null, after: GoodsColumns) =>
  before === null || priceColumns.some((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));

export function requireHeld(ctx: OperatorCtx, code: PermissionCode) {
  if (!ctx.actor.permissions.includes(code))
    throw forbidden(`您没有「${permissionName(code)}」权限，请联系超级管理员分配`);
}

/**
 * The references a body names must exist: brand, categories. Same approval number for the same
 * specification and manufacturer is the same goods: refused (field approval_no).
 */
async function checkReferences(tx: DbOrTx, body: GoodsEditBody, selfId: number | null) {
  if (body.brand_id !== null) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, body.brand_id));
    if (!brand) throw fieldError('brand_id', '品牌不存在');
  }
  const found = await tx
    .select({ id: categories.id })
    .from(categories)
    .where(inArray(categories.id, body.category_ids));
  if (found.length !== new Set(body.category_ids).size) throw fieldError('category_ids', '分类不存在');
  const same = [
    eq(goods.approvalNo, body.approval_no),
    eq(goods.spec, body.spec),
    eq(goods.manufacturer, body.manufacturer),
  ];
  if (selfId !== null) same.push(ne(goods.id, selfId));
  const [duplicate] = await tx
    .select({ id: goods.id, sku: goods.sku })
    .from(goods)
    .where(and(...same))
    .limit(1);
  if (duplicate)
    throw fieldError('approval_no', `同一批准文号、规格和生产厂家的商品已存在（编码 ${duplicate.sku}）`);
}

async function replaceCategories(tx: DbOrTx, goodsId: number, categoryIds: readonly number[]) {
  await tx.delete(goodsCategories).where(eq(goodsCategories.goodsId, goodsId));
  await tx
    .insert(goodsCategories)
    .values([...new Set(categoryIds)].map((categoryId) => ({ goodsId, categoryId })));
}

/** Drops every catalogue cache a goods write can stale (pages, totals, refs). */
export function goodsChanged(ctx: OperatorCtx) {
  totalsByDb.delete(ctx.db);
  invalidateGoodsLists();
  invalidateCatalogRefs();
}

/** Writes one new goods inside `tx` (the editor and the import share it). Returns its id. */
export async function insertEditedGoods(tx: DbOrTx, ctx: OperatorCtx, body: GoodsEditBody): Promise<number> {
  await checkReferences(tx, body, null);
  const columns = goodsColumns(body);
  const [row] = await tx
    .insert(goods)
    .values({ ...columns, sku: randomUUID(), isOnSale: false, createdAt: ctx.now, updatedAt: ctx.now })
    .returning({ id: goods.id });
  const sku = `YC${String(row.id).padStart(8, '0')}`;
  await tx.update(goods).set({ sku }).where(eq(goods.id, row.id));
  await replaceCategories(tx, row.id, body.category_ids);
  await audit(tx, ctx, {
    action: 'goods.create',
    target: { type: 'goods', id: row.id },
    after: { sku, ...columns, categoryIds: body.category_ids },
  });
  return row.id;
}

/** Changes one goods inside `tx`; refuses a price change without 价格维护. */
export async function updateEditedGoods(tx: DbOrTx, ctx: OperatorCtx, id: number, body: GoodsEditBody) {
  const [before] = await tx.select().from(goods).where(eq(goods.id, id)).for('update');
  if (!before) throw notFound('商品不存在');
  await checkReferences(tx, body, id);
  const columns = goodsColumns(body);
  if (changesPrice(before, columns)) requireHeld(ctx, 'prices:write');
  const beforeCategories = await tx
    .select({ id: goodsCategories.categoryId })
    .from(goodsCategories)
    .where(eq(goodsCategories.goodsId, id));
  await tx
    .update(goods)
    .set({ ...columns, updatedAt: ctx.now })
    .where(eq(goods.id, id));
  await replaceCategories(tx, id, body.category_ids);
  await priceDropNews(tx, id, before.basePriceFen, columns.basePriceFen, ctx.now);
  const changed = Object.fromEntries(
    Object.entries(columns).filter(
      ([k, v]) => JSON.stringify((before as Record<string, unknown>)[k]) !== JSON.stringify(v),
    ),
  );
  await audit(tx, ctx, {
    action: 'goods.update',
    target: { type: 'goods', id },
    before: {
      ...Object.fromEntries(Object.keys(changed).map((k) => [k, (before as Record<string, unknown>)[k]])),
      categoryIds: beforeCategories.map((c) => c.id),
    },
    after: { ...changed, categoryIds: body.category_ids },
  });
}

/** Refuses a goods of a class 站点设置 keeps off online sale (疫苗, 麻醉药品 ...). */
async function assertListable(ctx: OperatorCtx, body: GoodsEditBody) {
  const refused = listingRefusal(body.control_class, (await loadOrderSettings(ctx.db)).neverListable);
  if (refused) throw fieldError('control_class', refused);
}

export async function createGoods(ctx: OperatorCtx, body: GoodsEditBody) {
  requireHeld(ctx, 'prices:write');
  await assertListable(ctx, body);
  const id = await ctx.db.transaction((tx) => insertEditedGoods(tx, ctx, body));
  goodsChanged(ctx);
  return getAdminGoods(ctx, id);
}

export async function updateGoods(ctx: OperatorCtx, id: number, body: GoodsEditBody) {
  await assertListable(ctx, body);
  await ctx.db.transaction((tx) => updateEditedGoods(tx, ctx, id, body));
  goodsChanged(ctx);
  return getAdminGoods(ctx, id);
}

/**
 * Takes off sale every goods of a class now kept off online sale (after 站点设置·质量管理 is
 * saved), one audit row each, inside the settings' transaction.
 */
export async function delistNeverListable(tx: DbOrTx, ctx: OperatorCtx, neverListable: readonly string[]) {
  if (neverListable.length === 0) return;
  const delisted = await tx
    .update(goods)
    .set({ isOnSale: false, updatedAt: ctx.now })
    .where(and(eq(goods.isOnSale, true), inArray(goods.controlClass, [...neverListable])))
    .returning({ id: goods.id, controlClass: goods.controlClass });
  for (const g of delisted)
    await audit(tx, ctx, {
      action: 'goods.sale',
      target: { type: 'goods', id: g.id },
      before: { isOnSale: true },
      after: { isOnSale: false, reason: listingRefusal(g.controlClass, neverListable) },
    });
}

export async function setGoodsOnSale(ctx: OperatorCtx, id: number, onSale: boolean) {
  if (onSale) {
    const [row] = await ctx.db
      .select({ controlClass: goods.controlClass })
      .from(goods)
      .where(eq(goods.id, id));
    const refused = row && listingRefusal(row.controlClass, (await loadOrderSettings(ctx.db)).neverListable);
    if (refused) throw refusal(refused, 422);
  }
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ isOnSale: goods.isOnSale })
      .from(goods)
      .where(eq(goods.id, id))
      .for('update');
    if (!before) throw notFound('商品不存在');
    if (before.isOnSale === onSale) return;
    await tx.update(goods).set({ isOnSale: onSale, updatedAt: ctx.now }).where(eq(goods.id, id));
    await audit(tx, ctx, {
      action: 'goods.sale',
      target: { type: 'goods', id },
      before: { isOnSale: before.isOnSale },
      after: { isOnSale: onSale },
    });
  });
  goodsChanged(ctx);
  return getAdminGoods(ctx, id);
}

/** A stored goods as the editor's fields (the inverse of goodsColumns). */
export function editFieldsOf(
  row: typeof goods.$inferSelect,
  categoryIds: number[],
): AdminGoodsDetail['fields'] {
  return {
    name: row.name,
    common_name: row.commonName,
    kind: row.kind as AdminGoodsDetail['fields']['kind'],
    manufacturer: row.manufacturer,
    brand_id: row.brandId,
    spec: row.spec,
    unit: row.unit,
    approval_no: row.approvalNo,
    barcode: row.barcode,
    dosage_form: row.dosageForm,
    authorization_holder: row.authorizationHolder,
    rx_class: row.rxClass as AdminGoodsDetail['fields']['rx_class'],
    storage: row.storage,
    description: row.description,
    scope_class: row.scopeClass,
    tax_code: row.taxCode,
    tax_rate: row.taxRate,
    control_class: row.controlClass as AdminGoodsDetail['fields']['control_class'],
    base_price: toYuan(row.basePriceFen),
    retail_price: row.retailPriceFen === null ? null : toYuan(row.retailPriceFen),
    ladder_type: row.ladderType,
    ladder: row.ladder.map((t) => ({ quantity: t.quantity, price: toYuan(t.priceFen) })),
    min_quantity: row.minQuantity,
    step_quantity: row.stepQuantity,
    is_buy: row.isBuy,
    is_free_shipping: row.isFreeShipping,
    free_shipping_number: row.freeShippingNumber,
    tags: row.tags,
    zones: row.zones,
    ephedrine: row.ephedrine,
    image: row.image,
    gallery: row.gallery,
    category_ids: categoryIds,
  };
}

export async function getAdminGoods(ctx: OperatorCtx, id: number): Promise<AdminGoodsDetail> {
  const [row] = await ctx.db.select().from(goods).where(eq(goods.id, id));
  if (!row) throw notFound('商品不存在');
  const [cats, batches] = await Promise.all([
    ctx.db
      .select({ id: goodsCategories.categoryId })
      .from(goodsCategories)
      .where(eq(goodsCategories.goodsId, id)),
    ctx.db
      .select({
        id: goodsBatches.id,
        warehouseId: goodsBatches.warehouseId,
        warehouse: warehouses.name,
        batchNo: goodsBatches.batchNo,
        producedOn: goodsBatches.producedOn,
        expiresOn: goodsBatches.expiresOn,
        quantity: goodsBatches.quantity,
      })
      .from(goodsBatches)
      .innerJoin(warehouses, eq(warehouses.id, goodsBatches.warehouseId))
      .where(eq(goodsBatches.goodsId, id))
      .orderBy(asc(goodsBatches.expiresOn), asc(goodsBatches.id)),
  ]);
  const reported = await batchesWithReports(
    ctx.db,
    batches.map((b) => b.id),
  );
  return {
    id: row.id,
    sku: row.sku,
    on_sale: row.isOnSale,
    stock: row.stockTotal,
    expires_on: row.expiresOn,
    updated_at: row.updatedAt.toISOString(),
    fields: editFieldsOf(
      row,
      cats.map((c) => c.id),
    ),
    batches: batches.map((b) => ({
      id: b.id,
      warehouse_id: b.warehouseId,
      warehouse: b.warehouse,
      batch_no: b.batchNo,
      produced_on: b.producedOn,
      expires_on: b.expiresOn,
      quantity: b.quantity,
      report: reported.has(b.id),
    })),
  };
}

export async function goodsEditorOptions(ctx: OperatorCtx) {
  const [cats, brandRows, warehouseRows] = await Promise.all([
    ctx.db
      .select({
        id: categories.id,
        name: categories.name,
        menu: categories.menu,
        parentId: categories.parentId,
      })
      .from(categories)
      .orderBy(asc(categories.menu), asc(categories.sort), asc(categories.id)),
    ctx.db
      .select({ id: brands.id, name: brands.name })
      .from(brands)
      .orderBy(asc(brands.sort), asc(brands.id)),
    ctx.db.select({ id: warehouses.id, name: warehouses.name }).from(warehouses).orderBy(asc(warehouses.id)),
  ]);
  return {
    categories: cats.map((c) => ({ id: c.id, name: c.name, menu: c.menu, parent_id: c.parentId })),
    brands: brandRows,
    warehouses: warehouseRows,
  };
}

/** The names of the goods of these ids that exist (on sale or not): pickers and reference checks. */
export async function goodsNames(ctx: OperatorCtx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await ctx.db
    .select({ id: goods.id, name: goods.name, spec: goods.spec })
    .from(goods)
    .where(inArray(goods.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, `${r.name} ${r.spec}`.trim()]));
}
