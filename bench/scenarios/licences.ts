import { licencesCovering } from '@yaocai/domain';
import type pg from 'pg';

/**
 * Approved long-term licences for a generated buyer company, so it may buy in `scope` (the
 * eligibility rule reads the scope and the required licences from them).
 */
export async function licenseCompany(client: pg.Client, companyId: number, scope: string[]): Promise<void> {
  const {
    rows: [file],
  } = await client.query(
    `insert into files (storage_key, mime, size, original_name) values ($1, 'image/png', 1, 'licence.png') returning id`,
    [`licence-${companyId}`],
  );
  for (const [i, licence] of licencesCovering('pharmacy', scope).entries()) {
    const proxy = licence.type === 'proxy';
    await client.query(
      `insert into qualifications (company_id, kind, number, expires_on, scopes, holder_name, holder_id_no, file_id, status)
       values ($1, $2, $3, null, $4, $5, $6, $7, 'approved')`,
      [
        companyId,
        licence.type,
        `B${companyId}-${i}`,
        licence.scopes,
        proxy ? '张三' : null,
        proxy ? '11010519491231002X' : null,
        file.id,
      ],
    );
  }
}
