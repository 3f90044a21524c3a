import { and, asc, type Column, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, files, operators, qualifications, users } from '../../db/schema/account';
import { isCurrentLicence } from './licences';

// What other modules show of stores, companies, operators and files beside their own rows (the
// console's coupon claims, redemptions, lottery draws, transfer receipts and refund to-dos, the
// ERP feed): one statement per id set, read after the caller's page, never a join from another
// module. Unknown ids are left out of the maps.

/** A store user with its company, as console lists name them. */
export interface StoreBrief {
  id: number;
  storeName: string;
  phone: string;
  companyId: number;
  companyName: string;
}

export async function storeBriefsOf(
  db: DbOrTx,
  userIds: readonly number[],
): Promise<Map<number, StoreBrief>> {
  const ids = [...new Set(userIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: users.id,
      storeName: users.storeName,
      phone: users.phone,
      companyId: users.companyId,
      companyName: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(inArray(users.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Companies' names and ERP codes. */
export async function companyBriefsOf(db: DbOrTx, companyIds: readonly number[]) {
  const ids = [...new Set(companyIds)];
  if (ids.length === 0) return new Map<number, { id: number; name: string; erpCode: string | null }>();
  const rows = await db
    .select({ id: companies.id, name: companies.name, erpCode: companies.erpCode })
    .from(companies)
    .where(inArray(companies.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Operators' names. */
export async function operatorNamesOf(db: DbOrTx, operatorIds: readonly number[]) {
  const ids = [...new Set(operatorIds)];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(inArray(operators.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Uploaded files' types (what a console shows a receipt with). */
export async function fileMimesOf(db: DbOrTx, fileIds: readonly number[]) {
  const ids = [...new Set(fileIds)];
  if (ids.length === 0) return new Map<number, string>();
  const rows = await db.select({ id: files.id, mime: files.mime }).from(files).where(inArray(files.id, ids));
  return new Map(rows.map((r) => [r.id, r.mime]));
}

/**
 * A condition for another module's keyword search: the company of the store user `userId` (a
 * column or expression of the caller's query) has a name matching the ILIKE `pattern`. It rides
 * in the caller's statement, as the search must filter and page in one place.
 */
export const storeCompanyNameLike = (userId: Column | SQL, pattern: string) =>
  sql`exists (select 1 from ${users} join ${companies} on ${companies.id} = ${users.companyId}
    where ${users.id} = ${userId} and ${companies.name} ilike ${pattern})`;

/**
 * The approved licences of these companies still in force (none superseding them), in id order:
 * what the ERP feed tells about a buyer.
 */
export function currentLicencesOf(db: DbOrTx, companyIds: readonly number[]) {
  if (companyIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      companyId: qualifications.companyId,
      kind: qualifications.kind,
      number: qualifications.number,
      expiresOn: qualifications.expiresOn,
    })
    .from(qualifications)
    .where(
      and(
        inArray(qualifications.companyId, [...new Set(companyIds)]),
        eq(qualifications.status, 'approved'),
        isCurrentLicence(),
      ),
    )
    .orderBy(asc(qualifications.id));
}
