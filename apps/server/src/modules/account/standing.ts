import { type BuyerStanding, shipRefusal, spendRefusal, type Verdict } from '@yaocai/domain';
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rawRows, selectList, statement } from '../../db/raw';
import { companies, qualifications, users } from '../../db/schema/account';
import { refusal } from '../../lib/errors';
import { isCurrentLicence } from './licences';

// The buyer half of the request context: one prepared statement per request that needs it.

const standingStatement = statement(
  'buyer_standing',
  sql`select ${selectList({
    userId: users.id,
    companyId: users.companyId,
    qualificationStatus: companies.qualificationStatus,
    companyType: companies.type,
    businessScope: companies.businessScope,
    province: companies.province,
    city: companies.city,
  })}, ${companies.contractSignedAt} is not null as "contractSigned",
    ${companies.disabledAt} is not null as "disabled",
    coalesce((select json_agg(json_build_object('id', q.id, 'type', q.kind, 'number', q.number,
        'validUntil', q.expires_on::text, 'scopes', q.scopes) order by q.id)
      from ${qualifications} q where q.company_id = ${companies.id} and q.status = 'approved'
        and ${isCurrentLicence(sql`q.id`)}),
      '[]'::json) as "licences"
    from ${users} inner join ${companies} on ${companies.id} = ${users.companyId}
    where ${users.id} = ${sql.placeholder('userId')}`,
);

/** The standing of a store user, or undefined when the user no longer exists. */
export async function loadBuyerStanding(db: DbOrTx, userId: number): Promise<BuyerStanding | undefined> {
  const [row] = await rawRows<BuyerStanding>(db, standingStatement, [userId]);
  return row;
}

/** The standing of the store that logs in with this phone (an operator's preview as a buyer). */
export async function standingByPhone(db: DbOrTx, phone: string): Promise<BuyerStanding | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phone, phone)).limit(1);
  return row ? loadBuyerStanding(db, row.id) : undefined;
}

/**
 * Why this store may not spend now (a disabled company), read afresh: for money that arrives with
 * no buyer request behind it (a provider's notification). null: it may, or the store is gone.
 */
export async function spendRefusalOf(db: DbOrTx, userId: number): Promise<Verdict> {
  const standing = await loadBuyerStanding(db, userId);
  return standing ? spendRefusal({ kind: 'buyer', standing }) : null;
}

/** Refuses shipping to this store while its company is disabled (an operator's business refusal: 400). */
export async function refuseShippingTo(db: DbOrTx, userId: number): Promise<void> {
  const standing = await loadBuyerStanding(db, userId);
  const refused = standing && shipRefusal(standing);
  if (refused) throw refusal(refused.message);
}
