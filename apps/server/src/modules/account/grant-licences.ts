import { licencesCovering } from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import { files, qualifications } from '../../db/schema/account';

/**
 * Approved, long-term licences that license a company of `companyType` for `scope` (every
 * required licence, and one that grants each class): for test buyers and generated companies,
 * which need a company that may buy without going through registration and review.
 */
export async function grantLicences(
  db: DbOrTx,
  company: { id: number; type: string; businessScope: readonly string[] },
): Promise<void> {
  const [file] = await db
    .insert(files)
    .values({ storageKey: `licence-${company.id}`, mime: 'image/png', size: 1, originalName: 'licence.png' })
    .returning({ id: files.id });
  await db.insert(qualifications).values(
    licencesCovering(company.type, company.businessScope).map((licence, i) => ({
      companyId: company.id,
      kind: licence.type,
      number: `T${company.id}-${i + 1}`,
      expiresOn: null,
      scopes: licence.scopes,
      holderName: licence.type === 'proxy' ? '张三' : null,
      holderIdNo: licence.type === 'proxy' ? '11010519491231002X' : null,
      fileId: file.id,
      status: 'approved',
    })),
  );
}
