import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/account';

// What other modules ask of a store user (orders texting their buyer, the console's credit line).

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
