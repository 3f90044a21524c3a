import { type AddressBody, formatAddress, truthy } from '@yaocai/domain';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { addresses } from '../../db/schema/order';
import type { BuyerCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';

const MAX_ADDRESSES = 20;

export const addressView = (a: typeof addresses.$inferSelect) => ({
  id: a.id,
  consignee: a.consignee,
  phone: a.phone,
  province: a.province,
  city: a.city,
  district: a.district,
  detail: a.detail,
  full: formatAddress(a),
  is_default: a.isDefault,
});

/** The default addresses of the given store users (a user without one has none in the list). */
export function defaultAddressesOf(db: DbOrTx, userIds: number[]) {
  return db
    .select()
    .from(addresses)
    .where(and(eq(addresses.isDefault, true), inArray(addresses.userId, userIds)));
}

/** The logged-in store's addresses, the default first. */
export async function listAddresses(ctx: BuyerCtx) {
  const rows = await ctx.db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, ctx.actor.userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(addressView);
}

function values(body: AddressBody) {
  const { consignee, phone, province, city, district, detail } = body;
  return { consignee, phone, province, city, district, detail };
}

/**
 * Runs a change of a store's address book in a transaction that holds the store's address lock:
 * concurrent saves, defaults and deletes of one store run one after another, so the book keeps
 * exactly one default and at most MAX_ADDRESSES addresses.
 */
function inAddressBook<T>(ctx: BuyerCtx, change: (tx: Tx, userId: number) => Promise<T>): Promise<T> {
  const { userId } = ctx.actor;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`address:${userId}`}))`);
    return change(tx, userId);
  });
}

/** Marks one address the default and every other address of the store not. */
async function setDefault(tx: Tx, userId: number, id: number) {
  await tx
    .update(addresses)
    .set({ isDefault: sql`${addresses.id} = ${id}` })
    .where(eq(addresses.userId, userId));
}

/** Saves an address; the first one, or one marked default, becomes the only default. */
export function saveAddress(ctx: BuyerCtx, body: AddressBody, id?: number) {
  return inAddressBook(ctx, async (tx, userId) => {
    const [{ n }] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId));
    let row: typeof addresses.$inferSelect | undefined;
    if (id) {
      [row] = await tx
        .update(addresses)
        .set(values(body))
        .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
        .returning();
      if (!row) throw notFound('收货地址不存在');
    } else {
      if (Number(n) >= MAX_ADDRESSES) throw refusal(`最多保存${MAX_ADDRESSES}个收货地址`);
      [row] = await tx
        .insert(addresses)
        .values({ userId, ...values(body) })
        .returning();
    }
    if (truthy(body.is_default) || Number(n) === 0) await setDefault(tx, userId, row.id);
    return { id: row.id };
  });
}

/**
 * The first address of a newly registered store, written in the registration's transaction: the
 * address the company registered with, its contact as consignee and the contact's mobile, as the
 * default. So the store's first checkout offers it at once instead of refusing 请先添加收货地址.
 */
export async function addRegisteredAddress(
  tx: DbOrTx,
  userId: number,
  address: Omit<AddressBody, 'is_default'>,
): Promise<void> {
  await tx.insert(addresses).values({ userId, ...values(address), isDefault: true });
}

/** Makes one of the store's addresses its default. */
export function makeDefault(ctx: BuyerCtx, id: number) {
  return inAddressBook(ctx, async (tx, userId) => {
    const [row] = await tx
      .select({ id: addresses.id })
      .from(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)));
    if (!row) throw notFound('收货地址不存在');
    await setDefault(tx, userId, id);
  });
}

/** Deletes an address; when it was the default, the newest remaining one becomes the default. */
export function deleteAddress(ctx: BuyerCtx, id: number) {
  return inAddressBook(ctx, async (tx, userId) => {
    const [row] = await tx
      .delete(addresses)
      .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
      .returning();
    if (!row) throw notFound('收货地址不存在');
    if (row.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.userId, userId))
        .orderBy(desc(addresses.id))
        .limit(1);
      if (next) await setDefault(tx, userId, next.id);
    }
  });
}

/**
 * Where a store's free order ships (积分兑换, a lottery prize): the named address of the store,
 * or without one its default (else its newest); undefined when there is none.
 */
export async function shippingAddressOf(db: DbOrTx, userId: number, addressId = 0) {
  const [address] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.userId, userId), addressId ? eq(addresses.id, addressId) : undefined))
    .orderBy(desc(addresses.isDefault), desc(addresses.id))
    .limit(1);
  return address;
}
