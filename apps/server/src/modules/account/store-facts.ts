import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { anyOf } from '../../db/raw';
import { companies, users } from '../../db/schema/account';

// What other modules' lists and papers show of a buyer: company names by id, and the store users
// as a relation a list can filter and page on with its own rows (store name, phone, company).

/** The name and type of these companies, by id (one statement; an unknown id is absent). */
export async function companyFacts(
  db: DbOrTx,
  ids: readonly number[],
): Promise<Map<number, { name: string; type: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: companies.id, name: companies.name, type: companies.type })
    .from(companies)
    .where(anyOf(companies.id, unique));
  return new Map(rows.map(({ id, ...facts }) => [id, facts]));
}

/**
 * Locks a company's row for the caller's transaction: what the company may still buy (含麻 limits)
 * is then counted by one order at a time.
 */
export async function lockCompany(tx: DbOrTx, companyId: number): Promise<void> {
  await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
}

/**
 * Every store user with its store name, phone and company, as a subquery (`store_user`) to join
 * on `id`: for lists that search by store name or phone and page in one statement.
 */
export function storeUserFacts(db: DbOrTx) {
  return db
    .select({
      id: users.id,
      storeName: users.storeName,
      phone: users.phone,
      companyId: users.companyId,
      companyName: sql<string>`${companies.name}`.as('company_name'),
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .as('store_user');
}
