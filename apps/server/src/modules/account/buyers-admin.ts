import type { CompanyQuery } from '@yaocai/domain';
import { addDays, beijingToday, companyTypes, LICENCE_EXPIRING_DAYS } from '@yaocai/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  exists,
  gte,
  ilike,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { companies, qualifications, serviceContacts, users } from '../../db/schema/account';
import type { OperatorCtx } from '../../lib/context';
import { notFound } from '../../lib/errors';
import { audit } from '../audit/service';
import { isCurrentLicence } from './licences';
import { reviewCompany } from './review';

// The console's buyers: companies found by name, a store's or the contact's phone, or a
// licence number; a company's detail; disabling an account (every store of it loses prices,
// cart and checkout on its next request: the standing is read per request); assigning the
// customer-service contact the stores' header shows.

const typeName = (code: string) => companyTypes.find((t) => t.code === code)?.name ?? code;
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * An approved licence, not superseded by a correction, that ends within LICENCE_EXPIRING_DAYS of
 * `today` (Beijing dates): the console's 即将到期 filter and the dashboard's to-do count read this
 * one rule.
 */
export const expiringLicence = (today: string) =>
  and(
    eq(qualifications.status, 'approved'),
    isCurrentLicence(),
    gte(qualifications.expiresOn, today),
    lte(qualifications.expiresOn, addDays(today, LICENCE_EXPIRING_DAYS)),
  ) as SQL;

/** The dashboard's to-do count of companies holding a licence within its 即将到期 window. */
export const expiringLicenceCompaniesCount = (today: string): SQL =>
  sql`select count(distinct ${qualifications.companyId})::int as n from ${qualifications}
        where ${expiringLicence(today)}`;

export async function listCompanies(ctx: OperatorCtx, query: CompanyQuery) {
  const where: SQL[] = [];
  if (query.q) {
    const like = `%${escapeLike(query.q)}%`;
    where.push(
      or(
        ilike(companies.name, like),
        ilike(companies.contactPhone, like),
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(users)
            .where(
              and(
                eq(users.companyId, companies.id),
                or(ilike(users.phone, like), ilike(users.storeName, like)),
              ),
            ),
        ),
        exists(
          ctx.db
            .select({ one: sql`1` })
            .from(qualifications)
            .where(and(eq(qualifications.companyId, companies.id), ilike(qualifications.number, like))),
        ),
      ) as SQL,
    );
  }
  if (query.status) where.push(eq(companies.qualificationStatus, query.status));
  if (query.expiring === '1')
    where.push(
      exists(
        ctx.db
          .select({ one: sql`1` })
          .from(qualifications)
          .where(and(eq(qualifications.companyId, companies.id), expiringLicence(beijingToday(ctx.now)))),
      ),
    );
  if (query.disabled)
    where.push(query.disabled === '1' ? isNotNull(companies.disabledAt) : isNull(companies.disabledAt));
  const condition = where.length ? and(...where) : undefined;
  const stores = ctx.db
    .select({ companyId: users.companyId, n: count().as('n') })
    .from(users)
    .groupBy(users.companyId)
    .as('stores');
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ c: companies, stores: stores.n })
      .from(companies)
      .leftJoin(stores, eq(stores.companyId, companies.id))
      .where(condition)
      .orderBy(desc(companies.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(companies).where(condition),
  ]);
  return {
    list: rows.map(({ c, stores: n }) => ({
      id: c.id,
      name: c.name,
      type_name: typeName(c.type),
      contact_name: c.contactName,
      contact_phone: c.contactPhone,
      qualification_status: c.qualificationStatus,
      disabled: c.disabledAt !== null,
      stores: n ?? 0,
      created_at: c.createdAt.toISOString(),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function companyDetail(ctx: OperatorCtx, companyId: number) {
  const review = await reviewCompany(ctx, companyId);
  const [[company], contacts, [assigned]] = await Promise.all([
    ctx.db
      .select({ disabledAt: companies.disabledAt, contractSignedAt: companies.contractSignedAt })
      .from(companies)
      .where(eq(companies.id, companyId)),
    ctx.db
      .select({ id: serviceContacts.id, name: serviceContacts.name, phone: serviceContacts.phone })
      .from(serviceContacts)
      .orderBy(asc(serviceContacts.id)),
    ctx.db
      .select({ id: users.serviceContactId })
      .from(users)
      .where(and(eq(users.companyId, companyId), isNotNull(users.serviceContactId)))
      .limit(1),
  ]);
  return {
    ...review,
    disabled: company.disabledAt !== null,
    contract_signed: company.contractSignedAt !== null,
    service_contact_id: assigned?.id ?? null,
    service_contacts: contacts,
  };
}

export async function setCompanyDisabled(
  ctx: OperatorCtx,
  companyId: number,
  disabled: boolean,
  reason: string,
) {
  await ctx.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ disabledAt: companies.disabledAt })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!before) throw notFound('企业不存在');
    if ((before.disabledAt !== null) === disabled) return;
    await tx
      .update(companies)
      .set({ disabledAt: disabled ? ctx.now : null })
      .where(eq(companies.id, companyId));
    await audit(tx, ctx, {
      action: 'company.set_status',
      target: { type: 'company', id: companyId },
      before: { disabled: before.disabledAt !== null },
      after: { disabled, reason },
    });
  });
  return companyDetail(ctx, companyId);
}

/** Every store of the company gets the contact (the header's 专属客服). */
export async function assignServiceContact(ctx: OperatorCtx, companyId: number, contactId: number) {
  await ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for('update');
    if (!company) throw notFound('企业不存在');
    const [contact] = await tx.select().from(serviceContacts).where(eq(serviceContacts.id, contactId));
    if (!contact) throw notFound('客服不存在');
    const stores = await tx
      .select({ id: users.id, before: users.serviceContactId })
      .from(users)
      .where(eq(users.companyId, companyId));
    await tx.update(users).set({ serviceContactId: contactId }).where(eq(users.companyId, companyId));
    await audit(tx, ctx, {
      action: 'company.service_contact',
      target: { type: 'company', id: companyId },
      before: { stores: stores.map((s) => ({ userId: s.id, serviceContactId: s.before })) },
      after: { serviceContactId: contactId, name: contact.name },
    });
  });
  return companyDetail(ctx, companyId);
}

/**
 * Store accounts found by store or company name (at most 20): the console's store pickers
 * (previewing a page as a store would get it). No phone: the picker's operator may not hold
 * buyers:read.
 */
export async function searchStores(ctx: OperatorCtx, q: string) {
  const like = `%${escapeLike(q)}%`;
  return ctx.db
    .select({
      id: users.id,
      store_name: users.storeName,
      company_name: companies.name,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(q ? or(ilike(users.storeName, like), ilike(companies.name, like)) : undefined)
    .orderBy(asc(users.id))
    .limit(20);
}
