import { randomUUID } from 'node:crypto';
import {
  type AdminGoodsDetail,
  defaultTaxOf,
  fromYuan,
  type GoodsEditBody,
  listingRefusal,
  type PermissionCode,
  permissionName,
  taxClassificationOf,
  toYuan,
} from '@yaocai/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  brands,
  categories,
  goods,
  goodsBatches,
  goodsCategories,
  warehouses,
} from '../../db/schema/catalog';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, forbidden, notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { batchesWithReports } from '../compliance/reports';
import { priceDropNews } from '../message/favourite-news';
import { loadOrderSettings } from '../order/settings';
import { forgetAdminGoodsLists } from './admin-goods-list';
import { goodsPinyinColumns } from './pinyin';
import { invalidateGoodsLists } from './queries';
import { invalidateCatalogRefs } from './refs';

// The console's goods: read, create, edit, put on and take off sale. Every write runs in
// one transaction with its audit row, recomputes the pinyin search keys and drops the
// catalogue's caches, so the shop shows the change on its next request.

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
export function goodsChanged(_ctx: OperatorCtx) {
  forgetAdminGoodsLists();
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
