import {
  beijingToday,
  type CompanyDecisionInput,
  companyTypes,
  currentVersions,
  type documentDecisionBody,
  holderLicenceTypes,
  licenceGrants,
  qualificationGaps,
  qualificationKindName,
  type reviewQueueQuery,
  scopeClassName,
  supersededBy,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { companies, files, operators, qualifications, users } from '../../db/schema/account';
import type { OperatorCtx } from '../../lib/context';
import { fieldError, notFound, refusal } from '../../lib/errors';
import type { SmsNotice } from '../../lib/sms';
import { audit } from '../audit/service';
import { notify } from '../message/service';
import { grantNewBuyerPack } from '../promotion/centre';
import { recordWebhookEvent } from '../webhooks/events';
import { isCurrentLicence, licenceView } from './licences';

// The qualification review queue (质管): a company's documents are decided one by one, then the
// company itself, which sets its business scope. The buyer is told through a message here and
// an SMS the route sends after the commit. A reviewed document is kept as reviewed; a mistake in
// it is corrected by a new version (correction.ts).

const typeName = (code: string) => companyTypes.find((t) => t.code === code)?.name ?? code;
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

export async function listReviewQueue(ctx: OperatorCtx, query: z.output<typeof reviewQueueQuery>) {
  const keyword = query.keyword ? `%${query.keyword.replace(/[%_\\]/g, '\\$&')}%` : undefined;
  // 待审核 also holds approved (or refused) companies with a new document waiting: a renewal.
  // "companies"."id" by hand: the count below selects from one table, where drizzle writes bare names.
  const waitingDocument = sql`exists (select 1 from ${qualifications} w
    where w.company_id = "companies"."id" and w.status = 'pending')`;
  const where = and(
    query.status === 'pending'
      ? or(eq(companies.qualificationStatus, 'pending'), waitingDocument)
      : eq(companies.qualificationStatus, query.status),
    keyword ? or(ilike(companies.name, keyword), ilike(companies.contactPhone, keyword)) : undefined,
  );
  const pending = sql<number>`count(${qualifications.id}) filter (where ${qualifications.status} = 'pending')`;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ c: companies, documents: count(qualifications.id), pending })
      .from(companies)
      .leftJoin(qualifications, eq(qualifications.companyId, companies.id))
      .where(where)
      .groupBy(companies.id)
      // Oldest first: the queue is worked in the order buyers submitted.
      .orderBy(query.status === 'pending' ? asc(companies.id) : desc(companies.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(companies).where(where),
  ]);
  return {
    list: rows.map(({ c, documents, pending }) => ({
      id: c.id,
      name: c.name,
      type_name: typeName(c.type),
      contact_name: c.contactName,
      contact_phone: c.contactPhone,
      region: `${c.province}${c.city}${c.district}`,
      qualification_status: c.qualificationStatus,
      documents: Number(documents),
      documents_pending: Number(pending),
      created_at: seconds(c.createdAt),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

export async function reviewCompany(ctx: OperatorCtx, companyId: number) {
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound('企业不存在');
  const [stores, docs] = await Promise.all([
    ctx.db
      .select({ user_id: users.id, phone: users.phone, store_name: users.storeName })
      .from(users)
      .where(eq(users.companyId, companyId))
      .orderBy(asc(users.id)),
    ctx.db
      .select({ q: qualifications, mime: files.mime, reviewer: operators.name })
      .from(qualifications)
      .innerJoin(files, eq(files.id, qualifications.fileId))
      .leftJoin(operators, eq(operators.id, qualifications.reviewedBy))
      .where(eq(qualifications.companyId, companyId))
      .orderBy(asc(qualifications.id)),
  ]);
  // Every version is listed (the history); only the current ones count.
  const rows = docs.map((d) => d.q);
  const current = currentVersions(rows);
  const corrections = supersededBy(rows);
  return {
    id: company.id,
    name: company.name,
    type_name: typeName(company.type),
    contact_name: company.contactName,
    contact_phone: company.contactPhone,
    address: `${company.province}${company.city}${company.district}${company.address}`,
    business_scope: company.businessScope,
    qualification_status: company.qualificationStatus,
    qualification_note: company.qualificationNote,
    stores,
    documents: docs.map(({ q, mime, reviewer }) => ({
      ...licenceView(q),
      holder_id_no: q.holderIdNo,
      grants: licenceGrants(q.kind).map((code) => ({ code, name: scopeClassName(code) })),
      proposed_scopes: q.status === 'pending' ? proposedScopes(q, current, company.businessScope) : [],
      review_note: q.reviewNote,
      reviewed_by: reviewer,
      reviewed_at: q.reviewedAt ? seconds(q.reviewedAt) : null,
      supersedes_id: q.supersedesId,
      superseded_by: corrections.get(q.id)?.id ?? null,
      file_url: `/api/files/${q.fileId}`,
      file_mime: mime,
    })),
    licence_gaps: qualificationGaps(
      company.type,
      current
        .filter((q) => q.status === 'approved')
        .map((q) => ({
          id: q.id,
          type: q.kind,
          number: q.number,
          validUntil: q.expiresOn,
          scopes: q.scopes,
        })),
      beijingToday(ctx.now),
    ).map((gap) => gap.message.replace(/，请.*$/, '')),
  };
}

/**
 * The scope codes the console ticks for a waiting licence: those of the licence of its kind it
 * renews (the current version), else the company's confirmed or applied scope, cut to what its
 * type may grant.
 */
function proposedScopes(
  doc: typeof qualifications.$inferSelect,
  current: (typeof qualifications.$inferSelect)[],
  companyScope: readonly string[],
): string[] {
  const renewed = current.filter((q) => q.kind === doc.kind && q.status === 'approved').at(-1);
  const grants = licenceGrants(doc.kind);
  return (renewed?.scopes ?? companyScope).filter((code) => grants.includes(code));
}

/**
 * What an approval records on the licence: the store's entries unless the reviewer corrected
 * them, and the scope codes printed on it as the reviewer ticked them (none when not sent).
 * A correction (correction.ts) records the same way, defaulting to the version it corrects.
 */
export function approvedLicence(
  doc: typeof qualifications.$inferSelect,
  input: z.output<typeof documentDecisionBody>,
  today: string,
) {
  const longTerm = input.long_term ?? (input.expires_on ? false : doc.expiresOn === null);
  const expiresOn = longTerm ? null : (input.expires_on ?? doc.expiresOn);
  if (!longTerm && !expiresOn) throw fieldError('expires_on', '请填写有效期，或选择长期有效');
  if (expiresOn !== null && expiresOn < today) throw fieldError('expires_on', '证件已过期，不能审核通过');
  const grants = licenceGrants(doc.kind);
  const scopes = [...new Set(input.scopes ?? [])];
  const beyond = scopes.find((code) => !grants.includes(code));
  if (beyond)
    throw fieldError(
      'scopes',
      `「${qualificationKindName(doc.kind)}」不能载明「${scopeClassName(beyond)}」经营范围`,
    );
  const holderName = input.holder_name ?? doc.holderName;
  const holderIdNo = input.holder_id_no ?? doc.holderIdNo;
  if (holderLicenceTypes.includes(doc.kind)) {
    if (!holderName) throw fieldError('holder_name', '请填写委托书上的采购人员姓名');
    if (!holderIdNo) throw fieldError('holder_id_no', '请填写委托书上的采购人员身份证号码');
  }
  return { expiresOn, scopes, issuer: input.issuer ?? doc.issuer, holderName, holderIdNo };
}

/**
 * One document of the company, locked for the decision (a second decision of it waits, then sees
 * the first); another company's id is not found.
 */
export async function lockCompanyDocument(tx: DbOrTx, companyId: number, documentId: number) {
  const [doc] = await tx
    .select()
    .from(qualifications)
    .where(and(eq(qualifications.id, documentId), eq(qualifications.companyId, companyId)))
    .for('update');
  if (!doc) throw notFound('证件不存在');
  return doc;
}

/** Approves or refuses one document, optionally correcting its validity date. */
export async function decideDocument(
  ctx: OperatorCtx,
  companyId: number,
  documentId: number,
  input: z.output<typeof documentDecisionBody>,
) {
  await ctx.db.transaction(async (tx) => {
    const doc = await lockCompanyDocument(tx, companyId, documentId);
    if (doc.status !== 'pending') throw refusal('该证件已审核，不能再次审核');
    let recorded = {
      expiresOn: doc.expiresOn,
      scopes: doc.scopes,
      issuer: doc.issuer,
      holderName: doc.holderName,
      holderIdNo: doc.holderIdNo,
    };
    if (input.approve) recorded = approvedLicence(doc, input, beijingToday(ctx.now));
    const expiresOn = recorded.expiresOn;
    const after = {
      status: input.approve ? 'approved' : 'rejected',
      expires_on: expiresOn,
      scopes: recorded.scopes,
      issuer: recorded.issuer,
      holder_name: recorded.holderName,
      review_note: input.reason ?? null,
    };
    await tx
      .update(qualifications)
      .set({
        ...recorded,
        status: after.status,
        reviewNote: after.review_note,
        reviewedAt: ctx.now,
        reviewedBy: ctx.actor.operatorId,
      })
      .where(eq(qualifications.id, doc.id));
    const replaced = input.approve ? await replaceEarlierOfKind(tx, doc) : [];
    await audit(tx, ctx, {
      action: 'qualification.review',
      target: { type: 'qualification', id: doc.id },
      before: {
        status: doc.status,
        expires_on: doc.expiresOn,
        scopes: doc.scopes,
        issuer: doc.issuer,
        holder_name: doc.holderName,
        review_note: doc.reviewNote,
      },
      after: { ...after, company_id: companyId, replaced: replaced.map((r) => r.id) },
    });
    // A renewal of a company already approved needs no company decision: its stores are told now.
    const [company] = await tx
      .select({ status: companies.qualificationStatus })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (company?.status === 'approved') {
      const stores = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
      const name = qualificationKindName(doc.kind);
      await notify(
        tx,
        stores.map((s) => ({
          userId: s.id,
          category: 'account' as const,
          title: input.approve ? '证件更新已通过' : '证件更新未通过',
          body: input.approve
            ? `您提交的${name}（${doc.number}）已审核通过，有效期${expiresOn ? `至${expiresOn}` : '为长期'}。`
            : `您提交的${name}（${doc.number}）未通过审核，原因：${input.reason}。请重新上传。`,
          link: '/zzzj',
        })),
        ctx.now,
      );
    }
  });
}

/**
 * An approved renewal replaces the licences of its kind it renews: from now on its date is the one
 * that counts (standing, reminders). Versions a correction superseded already do not count and
 * are left as they were. Returns the ids replaced.
 */
export async function replaceEarlierOfKind(
  tx: DbOrTx,
  approved: { id: number; companyId: number; kind: string },
): Promise<{ id: number }[]> {
  return tx
    .update(qualifications)
    .set({ status: 'replaced' })
    .where(
      and(
        eq(qualifications.companyId, approved.companyId),
        eq(qualifications.kind, approved.kind),
        eq(qualifications.status, 'approved'),
        ne(qualifications.id, approved.id),
        isCurrentLicence(),
      ),
    )
    .returning({ id: qualifications.id });
}

export interface CompanyDecisionResult {
  /** The stores' phones, for the SMS the route sends after the commit. */
  phones: string[];
  /** The review_result SMS: variables `result` (通过 / 未通过) and `note` (the reason, or 无). */
  notice: SmsNotice;
}

/**
 * Approves the company (every document decided, at least one approved; sets the business
 * scope) or refuses it with a reason. Every store of the company gets a message.
 */
export async function decideCompany(
  ctx: OperatorCtx,
  companyId: number,
  input: CompanyDecisionInput,
): Promise<CompanyDecisionResult> {
  return ctx.db.transaction(async (tx) => {
    const [company] = await tx.select().from(companies).where(eq(companies.id, companyId)).for('update');
    if (!company) throw notFound('企业不存在');
    const docs = currentVersions(
      await tx
        .select({
          id: qualifications.id,
          supersedesId: qualifications.supersedesId,
          status: qualifications.status,
        })
        .from(qualifications)
        .where(eq(qualifications.companyId, companyId)),
    );
    if (input.approve) {
      if (docs.some((d) => d.status === 'pending')) throw refusal('还有证件未审核，请先逐项审核证件');
      if (!docs.some((d) => d.status === 'approved')) throw refusal('没有审核通过的证件，不能通过企业资质');
    }
    const businessScope = input.approve ? [...new Set(input.business_scope)] : company.businessScope;
    const status = input.approve ? 'approved' : 'rejected';
    const note = input.reason ?? null;
    await tx
      .update(companies)
      .set({ qualificationStatus: status, qualificationNote: note, businessScope })
      .where(eq(companies.id, companyId));
    await audit(tx, ctx, {
      action: 'company.review',
      target: { type: 'company', id: companyId },
      before: {
        qualification_status: company.qualificationStatus,
        business_scope: company.businessScope,
        note: company.qualificationNote,
      },
      after: { qualification_status: status, business_scope: businessScope, note },
    });
    const stores = await tx
      .select({ id: users.id, phone: users.phone })
      .from(users)
      .where(eq(users.companyId, companyId));
    if (input.approve) {
      await recordWebhookEvent(
        tx,
        'company.approved',
        { company_id: companyId, name: company.name, business_scope: businessScope },
        ctx.now,
      );
      await grantNewBuyerPack(
        tx,
        stores.map((s) => s.id),
        ctx.now,
      );
    }
    const title = input.approve ? '资质审核通过' : '资质审核未通过';
    const body = input.approve
      ? '您提交的企业资质已审核通过，现在可以查看价格并下单采购。'
      : `您提交的企业资质未通过审核，原因：${note}。请修改后重新提交。`;
    await notify(
      tx,
      stores.map((s) => ({ userId: s.id, category: 'account' as const, title, body, link: '/zzzj' })),
      ctx.now,
    );
    return {
      phones: stores.map((s) => s.phone),
      notice: {
        params: { result: input.approve ? '通过' : '未通过', note: (input.approve ? null : note) ?? '无' },
        text: input.approve
          ? '【药采】您的企业资质已审核通过，登录即可查看价格并采购。'
          : `【药采】您的企业资质未通过审核：${note}。请登录药采修改后重新提交。`,
      },
    };
  });
}

/** Buyer lookup for the console (credit limits ...): by phone, store or company name. */
export async function lookupBuyers(ctx: OperatorCtx, keyword: string) {
  const like = `%${keyword.replace(/[%_\\]/g, '\\$&')}%`;
  return ctx.db
    .select({
      user_id: users.id,
      phone: users.phone,
      store_name: users.storeName,
      company_name: companies.name,
      qualification_status: companies.qualificationStatus,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(
      or(
        ilike(users.phone, like),
        ilike(users.storeName, like),
        ilike(companies.name, like),
        ilike(users.username, like),
      ),
    )
    .orderBy(asc(users.id))
    .limit(20);
}
