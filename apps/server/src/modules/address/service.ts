import { type AddressBody, formatAddress, truthy } from '@yaocai/domain';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { addresses } from '../../db/schema';
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

export async function listAddresses(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.userId, userId))
    .orderBy(desc(addresses.isDefault), desc(addresses.id));
  return rows.map(addressView);
}

function values(body: AddressBody) {
  const { consignee, phone, province, city, district, detail } = body;
  return { consignee, phone, province, city, district, detail };
}

/** Saves an address; the first one, or one marked default, becomes the only default. */
export async function saveAddress(db: Db, userId: number, body: AddressBody, id?: number) {
  return db.transaction(async (tx) => {
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
    if (truthy(body.is_default) || Number(n) === 0) await makeDefault(tx as unknown as Db, userId, row.id);
    return { id: row.id };
  });
}

export async function makeDefault(db: Db, userId: number, id: number) {
  const [row] = await db
    .update(addresses)
    .set({ isDefault: true })
    .where(and(eq(addresses.id, id), eq(addresses.userId, userId)))
    .returning({ id: addresses.id });
  if (!row) throw notFound('收货地址不存在');
  await db
    .update(addresses)
    .set({ isDefault: false })
    .where(and(eq(addresses.userId, userId), ne(addresses.id, id)));
}

export async function deleteAddress(db: Db, userId: number, id: number) {
  await db.transaction(async (tx) => {
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
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id));
    }
  });
}
