import type { BuyerStanding } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRows, selectList, statement } from '../../db/raw';
import { companies, qualifications, users } from '../../db/schema';

// The buyer half of the request context: one prepared statement per request that needs it.

const standingStatement = statement(
  'buyer_standing',
  sql`select ${selectList({
    userId: users.id,
    companyId: users.companyId,
    qualificationStatus: companies.qualificationStatus,
    businessScope: companies.businessScope,
  })}, ${companies.contractSignedAt} is not null as "contractSigned",
    ${companies.disabledAt} is not null as "disabled",
    (select min(${qualifications.expiresOn})::text from ${qualifications}
      where ${qualifications.companyId} = ${companies.id} and ${qualifications.status} = 'approved')
      as "qualificationExpiresOn"
    from ${users} inner join ${companies} on ${companies.id} = ${users.companyId}
    where ${users.id} = ${sql.placeholder('userId')}`,
);

/** The standing of a store user, or undefined when the user no longer exists. */
export async function loadBuyerStanding(db: DbOrTx, userId: number): Promise<BuyerStanding | undefined> {
  const [row] = await rawRows<BuyerStanding>(db, standingStatement, [userId]);
  return row;
}
