import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, users } from '../../db/schema/account';

// What other modules ask of store users (orders texting their buyer, the console's credit line,
// the member centre, the cart's copy to other stores).

/** A store user's phone (the one it logs in and gets texts with), or undefined without the user. */
export async function storeUserPhone(db: DbOrTx, userId: number): Promise<string | undefined> {
  const [user] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, userId));
  return user?.phone;
}

/** Whether a store user exists. */
export async function storeUserExists(db: DbOrTx, userId: number): Promise<boolean> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return user !== undefined;
}

/** The member centre's head: the store user's company, store name, phone, rank and points. */
export async function memberHeadline(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({
      company: companies.name,
      storeName: users.storeName,
      phone: users.phone,
      rank: users.rank,
      points: users.points,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  return row;
}

/** Every store user of a company, in id order. */
export function companyStoreUsers(db: DbOrTx, companyId: number) {
  return db
    .select({
      id: users.id,
      storeName: users.storeName,
      phone: users.phone,
      contact: users.name,
      isPrimary: users.isPrimary,
    })
    .from(users)
    .where(eq(users.companyId, companyId))
    .orderBy(asc(users.id));
}

/** Of the given users, the other stores of `userId`'s company (the cart's 复制到其他门店). */
export async function otherStoresOfCompany(db: DbOrTx, userId: number, ids: number[]) {
  const [me] = await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId));
  return db
    .select({ id: users.id, storeName: users.storeName })
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.companyId, me.companyId), ne(users.id, userId)));
}
