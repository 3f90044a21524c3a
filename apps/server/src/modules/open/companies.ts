import { licenceTypeName, type OpenCompany } from '@yaocai/domain';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, validationError } from '../../lib/errors';
import {
  type CompanyRecord,
  companiesPage,
  type LicenceRecord,
  saveCompanyErpCode,
} from '../account/erp-companies';

// Buyer companies for the ERP: paged by (updated_at, id), which db/sql/090_open_api.sql moves on
// every change of the company or of its licences. The cursor is the last row's sort key.

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
  const { rows, licences } = await companiesPage(ctx.db, {
    updatedSince: query.updated_since ? new Date(query.updated_since) : undefined,
    after: query.cursor ? decodeCursor(query.cursor) : undefined,
    limit: query.limit + 1,
    licencesOf: query.limit,
  });
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    data: page.map((c) => viewOf(c, licences)),
    next_cursor: rows.length > query.limit && last ? encodeCursor(last.updatedAt, last.id) : null,
  };
}

function viewOf(c: CompanyRecord, licences: LicenceRecord[]): OpenCompany {
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
    return await saveCompanyErpCode(ctx, id, erpCode);
  } catch (error) {
    // Two calls giving one code to two companies at once: the unique index refuses the second.
    const e = error as { code?: string; cause?: { code?: string } };
    if (e.code === '23505' || e.cause?.code === '23505')
      throw fieldError('erp_code', `客户编码「${erpCode}」已用于其他企业`);
    throw error;
  }
}
