import {
  ApiCode,
  CART_FILTER_ALL,
  CART_LINE_TYPE,
  CART_MAX_LINES,
  type CartAddLine,
  type CheckoutData,
  type CheckoutProblem,
  goodsEligibility,
  type PricedCart,
  type Refusal,
  toYuan,
  validateQuantity,
} from '@yaocai/domain';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { cartItems } from '../../db/schema/cart';
import type { BuyerCtx } from '../../lib/context';
import { eligibilityOf, refusalError } from '../../lib/eligibility';
import { AppError, fieldError, notFound, refusal } from '../../lib/errors';
import { otherStoresOfCompany } from '../account/store-users';
import { type AddGoodsRow, loadAddGoods } from '../catalog/cart-goods';
import { goodsQuantityRule } from '../catalog/goods-facts';
import { type CartPromotions, loadCartPromotions, type ShippingSetting } from '../promotion/loaders';
import { type LiveSpecials, liveSpecials, loadLineSpecials } from '../promotion/specials';
import {
  cartStateOf,
  eligibilityGoodsOf,
  type LineContext,
  lineContexts,
  priceContexts,
  wireHint,
  wireLines,
  wireSummary,
} from './pricing';
import {
  bumpLine,
  type CartMergeLine,
  type CartRow,
  cartMergeKeyOf,
  cartMergeLineColumns,
  combinationStocks,
  countLines,
  insertLine,
  loadAddOne,
  loadCartRows,
  loadOtherGoods,
  mergeLines,
  type OtherGoods,
  ownedLineIds,
} from './queries';

/**
 * The cart of one store (ctx.actor): load -> domain rule -> persist, in one transaction.
 * Every figure comes from the pricing engine in packages/domain; nothing here re-prices. What
 * the buyer may see, add and buy is the eligibility rule's (packages/domain/src/eligibility).
 * Another store's line ids are answered exactly like ids that do not exist (404).
 */
const LINE_NOT_FOUND = '购物车商品不存在或已被删除';

async function contextsOf(
  db: DbOrTx,
  promotions: CartPromotions,
  rows: CartRow[],
  buyer: { userId: number; now: Date },
  /** The goods live on each special now (display only: checkout and orders read afresh). */
  live?: LiveSpecials['goods'],
): Promise<LineContext[]> {
  const comboIds = rows.filter((r) => r.type === CART_LINE_TYPE.combination).map((r) => r.combinationId);
  const goodsRows = rows.filter((r) => r.type !== CART_LINE_TYPE.combination);
  // The rows carry what promotions match goods on: no source reads the goods again.
  const facts = new Map(
    goodsRows.map((r) => [
      r.goodsId,
      {
        goodsId: r.goodsId,
        categoryIds: r.categoryIds,
        brandId: r.brandId,
        zones: r.zones,
        ephedrine: r.ephedrine,
      },
    ]),
  );
  const [stocks, specials] = await Promise.all([
    comboIds.length > 0 ? combinationStocks(db, promotions, comboIds) : new Map<number, number>(),
    loadLineSpecials(
      db,
      buyer.userId,
      goodsRows.map((r) => r.goodsId),
      buyer.now,
      { facts, live },
    ),
  ]);
  return lineContexts(rows, promotions, stocks, specials);
}

export async function cartState(ctx: BuyerCtx, action = 'list', filters = CART_FILTER_ALL) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const [promotions, { rows, unshippedFen }, live] = await Promise.all([
    loadCartPromotions(db, ctx.now),
    loadCartRows(db, userId),
    liveSpecials(db, ctx.now),
  ]);
  const contexts = await contextsOf(db, promotions, rows, { userId, now: ctx.now }, live.goods);
  return cartStateOf(contexts, promotions, eligibilityOf(ctx), action, filters, unshippedFen);
}

export async function cartTotal(ctx: BuyerCtx) {
  return { total: await countLines(ctx.db, ctx.actor.userId) };
}

/** Refuses an add the buyer may not make at all (not approved, disabled) before any goods is read. */
function assertMayAdd(ctx: BuyerCtx) {
  const refused = eligibilityOf(ctx).add;
  if (refused) throw refusalError(refused);
}

/** The add refusal of one requested line, as the field error the add answers. */
const addRefusal = (field: string, r: Refusal) => fieldError(field, r.message);

/** Throws 404 unless every id is a line of this store's cart. */
async function assertOwned(db: DbOrTx, userId: number, ids: number[]) {
  const unique = [...new Set(ids)];
  const owned = await ownedLineIds(db, userId, unique);
  if (owned.size !== unique.length) throw notFound(LINE_NOT_FOUND);
  return unique;
}

interface Placement {
  index: number;
  goodsId: number;
  warehouseId: number;
  combinationId: number;
  type: number;
  number: number;
  name: string;
  rule: { min: number; step: number; stock: number };
  line: CartAddLine;
}

/**
 * Resolves a goods line (not a package) to its warehouse and quantity rule, given its goods rows
 * (one per warehouse holding it); refuses what the eligibility rule refuses to add.
 */
function placeGoods(ctx: BuyerCtx, line: CartAddLine, index: number, goodsRows: AddGoodsRow[]): Placement {
  const g = goodsRows.find((r) => r.id === line.goods_id);
  if (!g?.isOnSale) throw fieldError(`params.${index}.goods_id`, '商品不存在或已下架');
  const stocks = goodsRows.filter((s) => s.id === g.id && s.warehouseId !== null);
  let stock = line.ck_id > 0 ? stocks.find((s) => s.warehouseId === line.ck_id) : undefined;
  if (g.isBuy && line.ck_id > 0 && !stock)
    throw fieldError(`params.${index}.ck_id`, `${g.name}：该仓库没有此商品`);
  stock ??= stocks.reduce<(typeof stocks)[number] | undefined>(
    (best, s) => (!best || (s.stock ?? 0) > (best.stock ?? 0) ? s : best),
    undefined,
  );
  const refused = goodsEligibility(eligibilityOf(ctx), {
    name: g.name,
    scopeClass: g.scopeClass,
    rxClass: g.rxClass,
    onSale: g.isOnSale,
    purchasable: g.isBuy,
    stock: stock?.stock ?? 0,
    control: g.saleControl,
  }).add;
  if (refused)
    throw addRefusal(`params.${index}.${refused.code === 'out_of_stock' ? 'number' : 'goods_id'}`, refused);
  if (!stock?.warehouseId || !stock.stock) throw new Error('placed without stock');
  return {
    index,
    goodsId: g.id,
    warehouseId: stock.warehouseId,
    combinationId: 0,
    type: CART_LINE_TYPE.normal,
    number: line.number,
    name: g.name,
    rule: { min: g.min, step: g.step, stock: stock.stock },
    line,
  };
}

/** Resolves each requested line to goods, warehouse and quantity rule; refuses what cannot be bought. */
async function placeLines(
  ctx: BuyerCtx,
  tx: DbOrTx,
  promotions: CartPromotions,
  lines: CartAddLine[],
): Promise<Placement[]> {
  const goodsIds = [...new Set(lines.filter((l) => l.type !== 3).map((l) => l.goods_id))];
  const comboIds = lines.filter((l) => l.type === 3).map((l) => l.goods_id);
  const [goodsRows, comboStock] = await Promise.all([
    loadAddGoods(tx, goodsIds),
    combinationStocks(tx, promotions, comboIds),
  ]);
  return lines.map((line, index) => {
    if (line.type !== CART_LINE_TYPE.combination) return placeGoods(ctx, line, index, goodsRows);
    const field = `params.${index}.goods_id`;
    const combo = promotions.combinations.get(line.goods_id);
    if (!combo) throw fieldError(field, '组合套餐不存在或已下架');
    const stock = comboStock.get(combo.id) ?? 0;
    const refused = goodsEligibility(eligibilityOf(ctx), {
      name: combo.name,
      scopeClass: combo.items[0]?.scopeClass ?? '',
      rxClass: combo.items[0]?.rxClass ?? 'none',
      onSale: true,
      purchasable: true,
      // Stock is judged with the quantity rule below (a package's stock may be 0 sets).
      stock: Math.max(1, stock),
      items: combo.items.map((i) => ({ ...i, purchasable: i.isBuy, control: i.saleControl })),
    }).add;
    if (refused) throw addRefusal(field, refused);
    return {
      index,
      goodsId: combo.mainGoodsId,
      warehouseId: combo.warehouseId,
      combinationId: combo.id,
      type: CART_LINE_TYPE.combination,
      number: line.number,
      name: combo.name,
      rule: { min: 1, step: 1, stock },
      line,
    };
  });
}

/**
 * The price source a requested line names (part of the merge key). Its goods_manjian_id is not
 * kept: the full-reduction activity of a line follows the activities' coverage when the cart is
 * priced, so the same goods added from a 满减 page and from a list stays one line.
 */
function priceSourceOf(line: CartAddLine) {
  return {
    goodsPriceId: line.goods_price_id,
    ladderPriceId: line.ladder_price_id,
    goodsManjianId: 0,
    isYj: line.is_yj,
  };
}

/** The line a placement merges into the cart. */
function mergeLineOf(p: Placement): CartMergeLine {
  return {
    goodsId: p.goodsId,
    warehouseId: p.warehouseId,
    quantity: p.number,
    ...priceSourceOf(p.line),
    type: p.type,
    combinationId: p.combinationId,
  };
}

/** Refuses a line whose quantity after the merge breaks its buying rule (packages/domain). */
function judgeMerged(p: Placement, quantity: number) {
  const check = validateQuantity({ ...p.rule, quantity });
  if (!check.ok) throw fieldError(`params.${p.index}.number`, `${p.name}：${check.messages[0]}`);
}

/** Sums lines of the same merge key (one statement cannot merge into the same row twice). */
function sumByKey(lines: CartMergeLine[]): Map<string, CartMergeLine> {
  const merged = new Map<string, CartMergeLine>();
  for (const line of lines) {
    const key = cartMergeKeyOf(line);
    const existing = merged.get(key);
    if (existing) existing.quantity += line.quantity;
    else merged.set(key, { ...line });
  }
  return merged;
}

const cartFull = () => refusal(`购物车最多可放${CART_MAX_LINES}种商品，请先结算或删除部分商品`, 422);

/**
 * Adds lines, merging with the store's lines of the same goods and price source. Answers the
 * line ids and the store's line count.
 *
 * One goods line (the add button of every list and detail page) takes one read and one guarded
 * write without a transaction (`addOneLine`); anything else, or a single line that lost a race,
 * takes the transaction below.
 */
export async function addLines(ctx: BuyerCtx, lines: CartAddLine[]) {
  assertMayAdd(ctx);
  if (lines.length === 1 && lines[0].type !== CART_LINE_TYPE.combination) {
    const added = await addOneLine(ctx, lines[0]);
    if (added) return added;
  }
  return addInTransaction(ctx, lines);
}

/**
 * One goods line in two statements: its goods, stock, the store's line of the same merge key
 * and the store's line count in one read; the merged quantity judged by the domain rule; then
 * either a compare-and-set on the existing line's quantity or an insert guarded by the cart
 * size and the merge key. Undefined when that write found the line changed since the read (a
 * concurrent add or delete): the caller then takes the transaction, which serialises on the row.
 */
async function addOneLine(ctx: BuyerCtx, line: CartAddLine) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const rows = await loadAddOne(db, userId, {
    goodsId: line.goods_id,
    ...priceSourceOf(line),
    type: CART_LINE_TYPE.normal,
    combinationId: 0,
  });
  const placed = placeGoods(ctx, line, 0, rows);
  const row = rows.find((r) => r.warehouseId === placed.warehouseId);
  if (!row) throw new Error('placed in a warehouse the read did not return');
  judgeMerged(placed, (row.lineQuantity ?? 0) + placed.number);
  if (row.lineId !== null && row.lineQuantity !== null) {
    const bumped = await bumpLine(db, row.lineId, row.lineQuantity, placed.number);
    return bumped ? { ids: [row.lineId], total: row.cartLines } : undefined;
  }
  if (row.cartLines >= CART_MAX_LINES) throw cartFull();
  const id = await insertLine(db, userId, mergeLineOf(placed), CART_MAX_LINES);
  return id === undefined ? undefined : { ids: [id], total: row.cartLines + 1 };
}

/**
 * Any add in one transaction: goods, stock and promotions are read before it (with PGlite's
 * single connection a transaction must not wait on the pool); the transaction is one merge
 * statement, whose merged quantities are then checked against the buying rules (a refusal
 * rolls every line back).
 */
async function addInTransaction(ctx: BuyerCtx, lines: CartAddLine[]) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const placed = await placeLines(ctx, db, await loadCartPromotions(db, ctx.now), lines);
  const keyed = placed.map((p) => {
    const line = mergeLineOf(p);
    return { p, line, key: cartMergeKeyOf(line) };
  });
  const requested = sumByKey(keyed.map((k) => k.line));
  const { ids, total } = await db.transaction(async (tx) => {
    const rows = await mergeLines(tx, userId, [...requested.values()]);
    const byKey = new Map(rows.map((r) => [cartMergeKeyOf(r), r]));
    const ids: number[] = [];
    for (const { p, key } of keyed) {
      const row = byKey.get(key);
      if (!row) throw new Error('merge lost a line');
      judgeMerged(p, row.quantity);
      ids.push(row.id);
    }
    const total = (rows[0]?.linesBefore ?? 0) + rows.filter((r) => r.inserted).length;
    // Only a new line can take the cart over its size limit.
    if (total > CART_MAX_LINES && rows.some((r) => r.inserted)) throw cartFull();
    return { ids: [...new Set(ids)], total };
  });
  return { ids, total };
}

/** Adds the smallest quantity that may be bought of a goods (its minimum, rounded to the step). */
export async function quickAdd(ctx: BuyerCtx, goodsId: number) {
  assertMayAdd(ctx);
  const g = await goodsQuantityRule(ctx.db, goodsId);
  if (!g) throw notFound('商品不存在或已下架');
  const number = Math.ceil(Math.max(1, g.min) / Math.max(1, g.step)) * Math.max(1, g.step);
  return addLines(ctx, [
    {
      goods_id: goodsId,
      number,
      ck_id: 0,
      goods_price_id: 0,
      ladder_price_id: 0,
      goods_manjian_id: 0,
      is_yj: 0,
      type: 1,
    },
  ]);
}

export async function editLine(ctx: BuyerCtx, lineId: number, number: number) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const promotions = await loadCartPromotions(db, ctx.now);
  await db.transaction(async (tx) => {
    const [locked] = await tx
      .select({ id: cartItems.id })
      .from(cartItems)
      .where(and(eq(cartItems.id, lineId), eq(cartItems.userId, userId)))
      .for('update');
    if (!locked) throw notFound(LINE_NOT_FOUND);
    const { rows: lineRows } = await loadCartRows(tx, userId, [lineId]);
    const [line] = await contextsOf(tx, promotions, lineRows, {
      userId,
      now: ctx.now,
    });
    const check = validateQuantity({
      min: line.combination ? 1 : line.row.minQuantity,
      step: line.combination ? 1 : line.row.stepQuantity,
      stock: line.stock,
      quantity: number,
    });
    if (!check.ok)
      throw fieldError('params.number', `${line.combination?.name ?? line.row.name}：${check.messages[0]}`);
    await tx
      .update(cartItems)
      .set({ quantity: number, updatedAt: sql`now()` })
      .where(eq(cartItems.id, lineId));
  });
  return cartState(ctx, 'edit');
}

export async function batchDelete(ctx: BuyerCtx, ids: number[]) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  await db.transaction(async (tx) => {
    const unique = await assertOwned(tx, userId, ids);
    await tx.delete(cartItems).where(and(eq(cartItems.userId, userId), inArray(cartItems.id, unique)));
  });
  return cartState(ctx, 'delete');
}

export async function batchSelect(ctx: BuyerCtx, ids: number[], selected: boolean) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  await db.transaction(async (tx) => {
    const unique = await assertOwned(tx, userId, ids);
    await tx
      .update(cartItems)
      .set({ isSelected: selected, updatedAt: sql`now()` })
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, unique)));
  });
  return cartState(ctx, 'select');
}

/**
 * Takes the order's lines out of the store's cart, as a common table expression of the order's
 * creation statement (order/inserts.ts, order_create): `cart_taken` deletes the lines only when
 * the CTE named `created` inserted the order (a repeated idempotency key takes nothing) and
 * answers the ids it removed. Deleting serialises concurrent takers on the rows: a second order
 * taking the same lines finds fewer (or none) and must refuse. Parameters: `cart_user`, `cart_ids`.
 */
export function cartLinesTakenCte(created: string): SQL {
  return sql`cart_taken as (
      delete from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('cart_user')}::int
        and ${cartItems.id} = any(${sql.placeholder('cart_ids')}::int[])
        and exists (select 1 from ${sql.identifier(created)})
      returning ${cartItems.id} as id
    )`;
}

/**
 * Copies lines to other stores of the same company, merging like an add; all or nothing. The
 * stores share the company's standing, so the copier's eligibility judges every copied line.
 */
export async function copyLines(ctx: BuyerCtx, ids: number[], otherUserIds: number[]) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  assertMayAdd(ctx);
  const viewer = eligibilityOf(ctx);
  const promotions = await loadCartPromotions(db, ctx.now);
  return db.transaction(async (tx) => {
    const unique = await assertOwned(tx, userId, ids);
    const targets = [...new Set(otherUserIds)];
    const stores = await otherStoresOfCompany(tx, userId, targets);
    if (stores.length !== targets.length) throw fieldError('other_user_ids', '只能复制到本公司的其他门店');
    const source = await tx
      .select(cartMergeLineColumns)
      .from(cartItems)
      .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, unique)));
    for (const store of stores) {
      const rows = await mergeLines(tx, store.id, [...sumByKey(source).values()]);
      const contexts = await contextsOf(
        tx,
        promotions,
        (
          await loadCartRows(
            tx,
            store.id,
            rows.map((r) => r.id),
          )
        ).rows,
        { userId: store.id, now: ctx.now },
      );
      for (const line of contexts) {
        const refused = goodsEligibility(viewer, eligibilityGoodsOf(line)).add;
        if (refused) throw fieldError('ids', `${store.storeName}：${refused.message}`);
        const check = validateQuantity({
          min: line.combination ? 1 : line.row.minQuantity,
          step: line.combination ? 1 : line.row.stepQuantity,
          stock: line.stock,
          quantity: line.row.quantity,
        });
        if (!check.ok) {
          throw fieldError(
            'ids',
            `${store.storeName}：${line.combination?.name ?? line.row.name}${check.messages[0]}`,
          );
        }
      }
      const total = (rows[0]?.linesBefore ?? 0) + rows.filter((r) => r.inserted).length;
      if (total > CART_MAX_LINES && rows.some((r) => r.inserted)) throw cartFull();
    }
    return { copied: unique.length, stores: stores.length };
  });
}

/**
 * What refuses buying one line: the eligibility rule's goods refusal (off sale, not purchasable,
 * business scope, sold out), then the quantity rule.
 */
function lineProblems(viewer: ReturnType<typeof eligibilityOf>, line: LineContext): CheckoutProblem[] {
  const { row, combination } = line;
  const name = combination?.name ?? row.name;
  const base = { id: row.id, goods_id: row.goodsId, name };
  const refused = goodsEligibility(viewer, eligibilityGoodsOf(line)).buy;
  if (refused)
    return [{ ...base, reason: refused.code as CheckoutProblem['reason'], message: refused.message }];
  const check = validateQuantity({
    min: combination ? 1 : row.minQuantity,
    step: combination ? 1 : row.stepQuantity,
    stock: line.stock,
    quantity: row.quantity,
  });
  if (!check.ok) return [{ ...base, reason: 'quantity', message: `「${name}」${check.messages.join('；')}` }];
  return [];
}

/**
 * Validates the chosen lines for the order page. A buyer who may not buy at all is refused as
 * order creation refuses it (403, or 459 for the contract); otherwise a 422 lists every line's
 * problem, each with the message order creation would give.
 */
export async function checkout(ctx: BuyerCtx, ids: number[]): Promise<CheckoutData> {
  const { db } = ctx;
  const { userId } = ctx.actor;
  const viewer = eligibilityOf(ctx);
  if (viewer.buy) throw refusalError(viewer.buy);
  const unique = await assertOwned(db, userId, ids);
  const [promotions, { rows, unshippedFen }] = await Promise.all([
    loadCartPromotions(db, ctx.now),
    loadCartRows(db, userId, unique),
  ]);
  const contexts = await contextsOf(db, promotions, rows, { userId, now: ctx.now });
  const problems = contexts.flatMap((line) => lineProblems(viewer, line));
  if (problems.length > 0) {
    const errors: Record<string, string[]> = {};
    for (const p of problems) {
      const key = `lines.${p.id}`;
      errors[key] = [...(errors[key] ?? []), p.message];
    }
    throw new AppError(422, problems[0].message, ApiCode.validation, { errors, problems });
  }
  const cart = priceContexts(contexts, promotions, new Set(unique), unshippedFen);
  const summary = wireSummary(cart, promotions);
  return {
    ids: unique,
    lines: wireLines(contexts, cart, viewer),
    summary,
    activity:
      cart.fullReductionFen > 0
        ? {
            name: cart.activities
              .filter((a) => a.reductionFen > 0)
              .map((a) => a.name)
              .join('、'),
            reduction: toYuan(cart.fullReductionFen),
          }
        : null,
    shipping_fee: summary.shipping_fee,
    order_amount: toYuan(
      cart.payableFen + (cart.freeShipping.feeApplies ? (promotions.shipping?.feeFen ?? 0) : 0),
    ),
  };
}

/** What to add next: the nearest full-reduction tier or free shipping. */
export async function nextHint(ctx: BuyerCtx, ids?: number[]) {
  const { db } = ctx;
  const { userId } = ctx.actor;
  // The hints name amounts: only for a buyer who may see prices.
  if (eligibilityOf(ctx).price) return { hint: null, hints: [] };
  const unique = ids ? await assertOwned(db, userId, ids) : undefined;
  const [promotions, { rows, unshippedFen }] = await Promise.all([
    loadCartPromotions(db, ctx.now),
    loadCartRows(db, userId),
  ]);
  const cart = priceContexts(
    await contextsOf(db, promotions, rows, { userId, now: ctx.now }),
    promotions,
    unique ? new Set(unique) : undefined,
    unshippedFen,
  );
  const hints = cart.hints.map(wireHint);
  return { hint: hints[0] ?? null, hints };
}

/** The active promotions the cart prices with (cached a few seconds per pool). */
export const cartPromotions = (db: DbOrTx, now: Date): Promise<CartPromotions> => loadCartPromotions(db, now);

export interface SelectedLines {
  /** The lines in cart order, each with its package, sellable stock and gifts. */
  contexts: LineContext[];
  /** The goods of the lines' packages and gifts, by goods id. */
  otherGoods: Map<number, OtherGoods>;
  cart: PricedCart;
  promotions: CartPromotions;
  /** no_trans_order_amount: the store's paid, unshipped orders the free-shipping gap counted. */
  unshippedOrderFen: number;
}

/**
 * The chosen lines priced exactly as the cart page prices them (same loaders, same engine
 * input), for the order module's verify and create steps. Usable inside the order transaction
 * (`db` = the transaction; `promotions` from `cartPromotions(pool)` taken before it, so the
 * few-seconds cache is shared instead of re-read per order; never query the pool from inside a
 * transaction). `shippingFallback` applies when no shipping setting is stored. 404 unless
 * every id is a line of this store's cart.
 */
export async function priceSelectedLines(
  db: DbOrTx,
  userId: number,
  ids: number[],
  options: { shippingFallback?: ShippingSetting; promotions?: CartPromotions; now: Date },
): Promise<SelectedLines> {
  const { shippingFallback } = options;
  const unique = [...new Set(ids)];
  const loaded = options.promotions ?? (await loadCartPromotions(db, options.now));
  const promotions =
    loaded.shipping || !shippingFallback ? loaded : { ...loaded, shipping: shippingFallback };
  const { rows, unshippedFen } = await loadCartRows(db, userId, unique);
  if (rows.length !== unique.length) throw notFound('购物车商品不存在或已结算');
  const contexts = await contextsOf(db, promotions, rows, { userId, now: options.now });
  const otherGoods = await loadOtherGoods(db, [
    ...contexts.flatMap((c) => c.combination?.items.map((i) => i.goodsId) ?? []),
    ...contexts.flatMap((c) => c.gifts.map((g) => g.rule.giftGoodsId)),
  ]);
  const cart = priceContexts(contexts, promotions, new Set(unique), unshippedFen);
  return { contexts, otherGoods, cart, promotions, unshippedOrderFen: unshippedFen };
}

export type { CartPromotions } from '../promotion/loaders';
export { eligibilityGoodsOf } from './pricing';
