import { licenceTypeName, type OpenCompany } from '@yaocai/domain';
import { and, asc, eq, gt, gte, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import { companies, qualifications } from '../../db/schema/account';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, validationError } from '../../lib/errors';
import { audit } from '../audit/service';

// Buyer companies for the ERP: paged by (updated_at, id), which db/sql/090_open_api.sql moves on
// every change of the company or of its licences. The cursor is the last row's sort key.

type CompanyRow = typeof companies.$inferSelect;

const beijingIso = (d: Date) => {
  const local = new Date(d.getTime() + 8 * 3_600_000).toISOString().slice(0, 23);
  return `${local}+08:00`;
};

export const encodeCursor = (at: Date, id: number) =>
  Buffer.from(`${at.getTime()}.${id}`).toString('base64url');

function decodeCursor(cursor: string): { at: Date; id: number } {
  const text = Buffer.from(cursor, 'base64url').toString();
  const [ms, id, extra] = text.split('.');
  const at = Number(ms);
  const n = Number(id);
  if (
    extra !== undefined ||
    !/^\d{1,15}$/.test(ms ?? '') ||
    !/^\d{1,10}$/.test(id ?? '') ||
    n > 2_147_483_647
  )
    throw validationError({ cursor: ['游标无效：请使用上一页返回的 next_cursor'] });
  return { at: new Date(at), id: n };
}

export async function listCompanies(
  ctx: OperatorCtx,
  query: { updated_since?: string; cursor?: string; limit: number },
): Promise<{ data: OpenCompany[]; next_cursor: string | null }> {
  const where: SQL[] = [];
  if (query.updated_since) where.push(gte(companies.updatedAt, new Date(query.updated_since)));
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    where.push(
      or(gt(companies.updatedAt, at), and(eq(companies.updatedAt, at), gt(companies.id, id))) as SQL,
    );
  }
  const rows = await ctx.db
    .select()
    .from(companies)
    .where(where.length ? and(...where) : undefined)
    .orderBy(asc(companies.updatedAt), asc(companies.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const licences = page.length
    ? await ctx.db
        .select()
        .from(qualifications)
        .where(
          and(
            inArray(
              qualifications.companyId,
              page.map((c) => c.id),
            ),
            eq(qualifications.status, 'approved'),
            // A corrected version no longer counts: the row superseding it does.
            sql`not exists (select 1 from ${qualifications} q2 where q2.supersedes_id = ${qualifications.id})`,
          ),
        )
        .orderBy(asc(qualifications.id))
    : [];
  const last = page.at(-1);
  return {
    data: page.map((c) => viewOf(c, licences)),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  };
}

function viewOf(c: CompanyRow, licences: (typeof qualifications.$inferSelect)[]): OpenCompany {
  return {
    id: c.id,
    erp_code: c.erpCode,
    name: c.name,
    type: c.type,
    contact_name: c.contactName,
    contact_phone: c.contactPhone,
    province: c.province,
    city: c.city,
    district: c.district,
    address: c.address,
    qualification_status: c.qualificationStatus,
    business_scope: c.businessScope,
    licences: licences
      .filter((l) => l.companyId === c.id)
      .map((l) => ({
        type: l.kind,
        type_name: licenceTypeName(l.kind),
        number: l.number,
        valid_until: l.expiresOn,
        scopes: l.scopes,
      })),
    disabled: c.disabledAt !== null,
    created_at: beijingIso(c.createdAt),
    updated_at: beijingIso(c.updatedAt),
  };
}

/** Maps a company to the ERP's customer code (null clears it); codes are unique. */
export async function setCompanyErpCode(ctx: OperatorCtx, id: number, erpCode: string | null) {
  try {
    return await saveErpCode(ctx, id, erpCode);
  } catch (error) {
    // Two calls giving one code to two companies at once: the unique index refuses the second.
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505')
      throw fieldError('erp_code', `客户编码「${erpCode}」已用于其他企业`);
    throw error;
  }
}

async function saveErpCode(ctx: OperatorCtx, id: number, erpCode: string | null) {
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
