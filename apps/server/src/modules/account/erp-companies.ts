import { and, asc, eq, gt, gte, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies, qualifications } from '../../db/schema/account';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound } from '../../lib/errors';
import { audit } from '../audit/service';

// What the open API's ERP feed asks of buyer companies: a page of them in (updated_at, id) order
// with their approved licences, and the ERP's customer code of one.

export type CompanyRecord = typeof companies.$inferSelect;
export type LicenceRecord = typeof qualifications.$inferSelect;

/**
 * Up to `limit` companies in (updated_at, id) order, changed since `updatedSince` and after the
 * sort key `after`, and the approved, not corrected licences of the first `licencesOf` of them
 * (one statement each).
 */
export async function companiesPage(
  db: DbOrTx,
  q: { updatedSince?: Date; after?: { at: Date; id: number }; limit: number; licencesOf: number },
): Promise<{ rows: CompanyRecord[]; licences: LicenceRecord[] }> {
  const where: SQL[] = [];
  if (q.updatedSince) where.push(gte(companies.updatedAt, q.updatedSince));
  if (q.after) {
    const { at, id } = q.after;
    where.push(
      or(gt(companies.updatedAt, at), and(eq(companies.updatedAt, at), gt(companies.id, id))) as SQL,
    );
  }
  const rows = await db
    .select()
    .from(companies)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(companies.updatedAt), asc(companies.id))
    .limit(q.limit);
  const ids = rows.slice(0, q.licencesOf).map((c) => c.id);
  const licences = ids.length
    ? await db
        .select()
        .from(qualifications)
        .where(
          and(
            inArray(qualifications.companyId, ids),
            eq(qualifications.status, 'approved'),
            // A corrected version no longer counts: the row superseding it does.
            sql`not exists (select 1 from ${qualifications} q2 where q2.supersedes_id = ${qualifications.id})`,
          ),
        )
        .orderBy(asc(qualifications.id))
    : [];
  return { rows, licences };
}

/**
 * Sets a company's ERP customer code (null clears it), audited; refuses a code another company
 * holds. A race giving one code to two companies is refused by the unique index (the caller maps
 * it to a field error).
 */
export async function saveCompanyErpCode(ctx: OperatorCtx, id: number, erpCode: string | null) {
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
    if (!before) throw notFound('没有这个企业');
    if (erpCode !== null) {
      const [taken] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.erpCode, erpCode), ne(companies.id, id)));
      if (taken) throw fieldError('erp_code', `客户编码「${erpCode}」已用于企业 ${taken.id}`);
    }
    if (before.erpCode === erpCode) return { id, erp_code: erpCode, changed: false };
    await tx.update(companies).set({ erpCode }).where(eq(companies.id, id));
    await audit(tx, ctx, {
      action: 'company.erp_code',
      target: { type: 'company', id },
      before: { erpCode: before.erpCode },
      after: { erpCode },
    });
    return { id, erp_code: erpCode, changed: true };
  });
}
