import { and, type Column, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { DbOrTx } from '../../db/client';
import { jsonRowsStatement, rawJsonRows, rawRows, rawRowsNamed, selectList, statement } from '../../db/raw';
import { cartItems, cartMergeKey } from '../../db/schema/cart';
import {
  type AddGoodsRow,
  addGoodsColumns,
  cartGoodsColumns,
  cartGoodsJoins,
  goodsOfPackages,
  goodsWithStock,
  stockOfGoods,
} from '../catalog/cart-goods';
import { unshippedAmountOf } from '../order/queries';
import type { CartPromotions } from '../promotion/loaders';

const { warehouseName, ...goodsColumns } = cartGoodsColumns;

/** One cart line with what pricing and the screen need of its goods, stock and warehouse. */
export const cartRowColumns = {
  id: cartItems.id,
  goodsId: cartItems.goodsId,
  warehouseId: cartItems.warehouseId,
  warehouseName,
  quantity: cartItems.quantity,
  isSelected: cartItems.isSelected,
  goodsPriceId: cartItems.goodsPriceId,
  ladderPriceId: cartItems.ladderPriceId,
  goodsManjianId: cartItems.goodsManjianId,
  isYj: cartItems.isYj,
  type: cartItems.type,
  combinationId: cartItems.combinationId,
  ...goodsColumns,
};

/**
 * The store's cart rows (optionally only some ids) as one JSON value, in the order they were
 * added, and beside them the store's paid, unshipped order amount (free shipping counts it):
 * one round trip for what every cart read needs.
 */
function cartRowsStatement(name: string, onlyIds: boolean) {
  return jsonRowsStatement(
    name,
    cartRowColumns,
    sql`from ${cartItems}
    ${cartGoodsJoins(cartItems.goodsId, cartItems.warehouseId)}
    where ${cartItems.userId} = ${sql.placeholder('userId')}
    ${onlyIds ? sql`and ${cartItems.id} = any(${sql.placeholder('ids')}::int[])` : sql``}`,
    sql`${cartItems.id}`,
    { unshippedFen: unshippedAmountOf(sql.placeholder('userId')) },
  );
}

const allRows = cartRowsStatement('cart_rows_all', false);
const someRows = cartRowsStatement('cart_rows_some', true);

/** One cart line as the row statement returns it (typed by the same column map). */
export type CartRow = SelectResultFields<typeof cartRowColumns>;

/**
 * The store's cart lines in the order they were added (optionally only some ids), and its paid,
 * unshipped order amount in fen. The hottest read of the shop (GET /api/cart/list), so it runs
 * as a prepared statement answering one JSON value (db/raw.ts `jsonRowsStatement`); the columns
 * still come from `cartRowColumns`.
 */
export async function loadCartRows(
  db: DbOrTx,
  userId: number,
  ids?: number[],
): Promise<{ rows: CartRow[]; unshippedFen: number }> {
  return ids ? rawJsonRows(db, someRows, { userId, ids }) : rawJsonRows(db, allRows, { userId });
}

/**
 * Sets a package line can take: the fewest any of its goods' stock allows in the package's
 * warehouse. Keyed by combination id.
 */
export async function combinationStocks(
  db: DbOrTx,
  promotions: CartPromotions,
  combinationIds: number[],
): Promise<Map<number, number>> {
  const result = new Map<number, number>();
  const combos = combinationIds.map((id) => promotions.combinations.get(id)).filter((c) => !!c);
  if (combos.length === 0) return result;
  const goodsIds = [...new Set(combos.flatMap((c) => c.items.map((i) => i.goodsId)))];
  const stocks = await stockOfGoods(db, goodsIds);
  const byKey = new Map(stocks.map((s) => [`${s.goodsId}:${s.warehouseId}`, s.quantity]));
  for (const combo of combos) {
    let sets = Number.POSITIVE_INFINITY;
    for (const item of combo.items) {
      const stock = byKey.get(`${item.goodsId}:${combo.warehouseId}`) ?? 0;
      sets = Math.min(sets, Math.floor(stock / item.quantity));
    }
    result.set(combo.id, Number.isFinite(sets) ? sets : 0);
  }
  return result;
}

/** Ids among `ids` that are lines of this store's cart. */
export async function ownedLineIds(db: DbOrTx, userId: number, ids: number[]): Promise<Set<number>> {
  const rows = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.userId, userId), inArray(cartItems.id, ids)));
  return new Set(rows.map((r) => r.id));
}

const lineCount = statement(
  'cart_line_count',
  sql`select count(*)::int as "n" from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('userId')}`,
);

/** The store's number of cart lines (the badge; read on every page and after every add). */
export async function countLines(db: DbOrTx, userId: number): Promise<number> {
  const [row] = await rawRows<{ n: number }>(db, lineCount, [userId]);
  return row?.n ?? 0;
}

/** A line to merge into a store's cart: the columns of the merge key besides the store, and a quantity. */
export interface CartMergeLine {
  goodsId: number;
  warehouseId: number;
  goodsPriceId: number;
  ladderPriceId: number;
  goodsManjianId: number;
  isYj: number;
  type: number;
  combinationId: number;
  quantity: number;
}

/** A merged line as the merge statement returns it. */
export interface CartMergedRow extends CartMergeLine {
  id: number;
  /** The line was created by this statement (not merged into an existing one). */
  inserted: boolean;
  /** The store's line count before the statement (the same for every row). */
  linesBefore: number;
}

/**
 * The columns of a CartMergeLine by field, derived from the unique index (`cartMergeKey`, less
 * the store) and the quantity: the merge statement, the copy's select and the key below all
 * follow it.
 */
export const cartMergeLineColumns = Object.fromEntries(
  Object.entries(getTableColumns(cartItems)).filter(
    ([, c]) => ((cartMergeKey as Column[]).includes(c) && c !== cartItems.userId) || c === cartItems.quantity,
  ),
) as { [K in keyof CartMergeLine]: (typeof cartItems)['_']['columns'][K] };
const mergeFields = Object.keys(cartMergeLineColumns) as (keyof CartMergeLine)[];
const keyFields = mergeFields.filter((f) => f !== 'quantity');

/** The merge key of a line within one store's cart. */
export const cartMergeKeyOf = (line: Omit<CartMergeLine, 'quantity'>) =>
  keyFields.map((f) => line[f]).join(':');

const column = (c: { name: string }) => sql.identifier(c.name);
const mergeColumns = mergeFields.map((f) => cartMergeLineColumns[f]);

/**
 * Inserts lines into a store's cart, merging each into an existing line of the same merge key
 * (the unique index: concurrent adds serialise on it and sum instead of duplicating), in one
 * prepared statement for any number of lines (one int[] parameter per column). It also returns
 * the store's line count before it ran, so the caller knows the new total without a second
 * query.
 *
 * It commits asynchronously (`synchronous_commit = off` for its transaction only): a cart line
 * is not money or stock, and after a server crash at most the last few hundred milliseconds of
 * cart edits are lost, never half-written. Orders, payments and stock keep synchronous commits.
 */
const mergeLinesStatement = statement(
  'cart_merge_lines',
  sql`with merged as (
      insert into ${cartItems} (${column(cartItems.userId)}, ${sql.join(mergeColumns.map(column), sql`, `)})
      select ${sql.raw('$1')}, * from unnest(${sql.raw(
        mergeColumns.map((_, i) => `$${i + 2}::int[]`).join(', '),
      )})
      on conflict (${sql.join(
        cartMergeKey.map((c) => sql.identifier(c.name)),
        sql`, `,
      )}) do update set ${column(cartItems.quantity)} = ${cartItems.quantity} + excluded.${column(cartItems.quantity)},
        ${sql.identifier(cartItems.isSelected.name)} = true, ${sql.identifier(cartItems.updatedAt.name)} = now()
      returning ${cartItems.id} as "id", ${sql.join(
        mergeColumns.map((c, i) => sql`${c} as ${sql.identifier(mergeFields[i])}`),
        sql`, `,
      )}, (xmax = 0) as "inserted"
    )
    select merged.*,
      (select count(*)::int from ${cartItems} where ${cartItems.userId} = ${sql.raw('$1')}) as "linesBefore",
      set_config('synchronous_commit', 'off', true) as "commit"
    from merged`,
);

/** Merges lines (distinct merge keys) into the store's cart; see the statement above. */
export async function mergeLines(
  tx: DbOrTx,
  userId: number,
  lines: CartMergeLine[],
): Promise<CartMergedRow[]> {
  // A fixed order: concurrent multi-line adds lock the lines in the same order (no deadlock).
  const sorted = [...lines].sort((a, b) => a.goodsId - b.goodsId || a.warehouseId - b.warehouseId);
  const values = [userId, ...mergeFields.map((f) => sorted.map((l) => l[f]))];
  return rawRows<CartMergedRow>(tx, mergeLinesStatement, values);
}

/** A goods inside a package or earned as a gift/换购: what an order line and its checks need. */
export interface OtherGoods {
  name: string;
  spec: string;
  manufacturer: string;
  unit: string;
  image: string | null;
  ephedrine: boolean;
  scopeClass: string;
  rxClass: string;
  /** Units in stock per warehouse id. */
  stock: Map<number, number>;
}

/** Goods of packages and gifts with their stock per warehouse, by goods id. */
export async function loadOtherGoods(db: DbOrTx, ids: number[]): Promise<Map<number, OtherGoods>> {
  const result = new Map<number, OtherGoods>();
  const unique = [...new Set(ids)];
  if (unique.length === 0) return result;
  const [found, stocks] = await Promise.all([goodsOfPackages(db, unique), stockOfGoods(db, unique)]);
  for (const { id, ...g } of found) result.set(id, { ...g, stock: new Map() });
  for (const s of stocks) result.get(s.goodsId)?.stock.set(s.warehouseId, s.quantity);
  return result;
}

// ---- The single-line add: one read and one guarded write, no transaction ----

/** The merge-key fields a goods line of an add request chooses (goods and warehouse come from the row). */
const requestKeyFields = keyFields.filter((f) => f !== 'goodsId' && f !== 'warehouseId');
const existing = alias(cartItems, 'existing');
const existingTable = sql`${cartItems} as ${sql.identifier('existing')}`;

/**
 * A goods row of a single-line add: the buying rule and stock in one warehouse, the store's line
 * of the requested merge key in that warehouse (if any) and the store's line count.
 */
export interface AddOneRow extends AddGoodsRow {
  lineId: number | null;
  lineQuantity: number | null;
  cartLines: number;
}

const addOneRead = statement(
  'cart_add_one_read',
  sql`select ${selectList(addGoodsColumns)}, ${existing.id} as "lineId", ${existing.quantity} as "lineQuantity",
      (select count(*)::int from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('userId')}) as "cartLines"
    ${goodsWithStock.from}
    left join ${existingTable} on ${existing.userId} = ${sql.placeholder('userId')}
      and ${existing.goodsId} = ${goodsWithStock.goodsId} and ${existing.warehouseId} = ${goodsWithStock.warehouseId}
      and ${sql.join(
        requestKeyFields.map((f) => sql`${existing[f]} = ${sql.placeholder(f)}::int`),
        sql` and `,
      )}
    where ${goodsWithStock.goodsId} = ${sql.placeholder('goodsId')}`,
);

/** What adding one goods line needs, in one read: see AddOneRow. */
export function loadAddOne(
  db: DbOrTx,
  userId: number,
  line: Omit<CartMergeLine, 'warehouseId' | 'quantity'>,
): Promise<AddOneRow[]> {
  return rawRowsNamed<AddOneRow>(db, addOneRead, { ...line, userId });
}

/**
 * Adds to an existing line if it still holds the quantity the add was judged against (a
 * compare-and-set: the quantity rule lives in packages/domain, not in SQL). Commits
 * asynchronously like the merge. False when another write got there first.
 */
const bumpLineStatement = statement(
  'cart_bump_line',
  sql`update ${cartItems} set ${column(cartItems.quantity)} = ${cartItems.quantity} + ${sql.placeholder('add')}::int,
      ${column(cartItems.isSelected)} = true, ${column(cartItems.updatedAt)} = now()
    where ${cartItems.id} = ${sql.placeholder('id')}::int and ${cartItems.quantity} = ${sql.placeholder('expected')}::int
    returning ${cartItems.id} as "id", set_config('synchronous_commit', 'off', true) as "commit"`,
);

export async function bumpLine(db: DbOrTx, id: number, expected: number, add: number): Promise<boolean> {
  return (await rawRowsNamed(db, bumpLineStatement, { id, expected, add })).length === 1;
}

/**
 * Creates a line unless the store's cart already holds `maxLines` lines or a line of the same
 * merge key appeared since it was read. Commits asynchronously like the merge. The new line's id,
 * or undefined when it was not created.
 */
const insertLineStatement = statement(
  'cart_insert_line',
  sql`insert into ${cartItems} (${column(cartItems.userId)}, ${sql.join(mergeColumns.map(column), sql`, `)})
    select ${sql.placeholder('userId')}::int, ${sql.join(
      mergeFields.map((f) => sql`${sql.placeholder(f)}::int`),
      sql`, `,
    )}
    where (select count(*) from ${cartItems} where ${cartItems.userId} = ${sql.placeholder('userId')}::int)
      < ${sql.placeholder('maxLines')}::int
    on conflict (${sql.join(
      cartMergeKey.map((c) => sql.identifier(c.name)),
      sql`, `,
    )}) do nothing
    returning ${cartItems.id} as "id", set_config('synchronous_commit', 'off', true) as "commit"`,
);

export async function insertLine(
  db: DbOrTx,
  userId: number,
  line: CartMergeLine,
  maxLines: number,
): Promise<number | undefined> {
  const [row] = await rawRowsNamed<{ id: number }>(db, insertLineStatement, { ...line, userId, maxLines });
  return row?.id;
}
