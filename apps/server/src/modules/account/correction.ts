import { beijingToday, type documentCorrectionBody, qualificationKindName } from '@yaocai/domain';
import { and, eq, gt } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, qualifications, users } from '../../db/schema/account';
import type { OperatorCtx } from '../../lib/context';
import { conflict, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { notify } from '../message/service';
import { isCurrentLicence } from './licences';
import { approvedLicence, lockCompanyDocument, replaceEarlierOfKind } from './review';

// A correction (更正, issue #30 item 8): 质管 finds a mistake in a reviewed licence (a scope class
// left unticked, a wrong date or number) and decides it again. The reviewed row is a kept record
// (db/sql/060_records.sql refuses any change to what it says), so the correction is a new reviewed
// row on the same file that names the row it supersedes; from its commit the new version is the
// one that counts (isCurrentLicence, read afresh by the next request's standing), and the old one
// stays in the history as 已更正, with who, when and why on the version that corrected it.

type Row = typeof qualifications.$inferSelect;

/** What a version records: the audit's before and after, and what a correction must change. */
const recordOf = (q: Row) => ({
  status: q.status,
  number: q.number,
  issuer: q.issuer,
  expires_on: q.expiresOn,
  scopes: q.scopes,
  holder_name: q.holderName,
  holder_id_no: q.holderIdNo,
  review_note: q.reviewNote,
});

/** Issues a corrected version of a reviewed document of the company; answers the new version's id. */
export async function correctDocument(
  ctx: OperatorCtx,
  companyId: number,
  documentId: number,
  input: z.output<typeof documentCorrectionBody>,
): Promise<{ id: number }> {
  return ctx.db.transaction(async (tx) => {
    // The lock makes a second correction of the same version wait, then see the first one.
    const doc = await lockCompanyDocument(tx, companyId, documentId);
    const [later] = await tx
      .select({ id: qualifications.id })
      .from(qualifications)
      .where(eq(qualifications.supersedesId, doc.id));
    if (later) throw conflict('该证件已更正过，请在最新版本上更正');
    if (doc.status === 'pending') throw conflict('该证件尚未审核，请直接审核');
    if (doc.status === 'replaced') throw conflict('该证件已被新证件替换，不能更正');
    const name = qualificationKindName(doc.kind);
    if (input.approve && doc.status === 'rejected') {
      // Approving a refused upload replaces the licence of its kind in force, as a renewal does:
      // never one the store uploaded after it.
      const [newer] = await tx
        .select({ id: qualifications.id })
        .from(qualifications)
        .where(
          and(
            eq(qualifications.companyId, companyId),
            eq(qualifications.kind, doc.kind),
            eq(qualifications.status, 'approved'),
            gt(qualifications.fileId, doc.fileId),
            isCurrentLicence(),
          ),
        );
      if (newer) throw conflict(`已有更新的${name}审核通过，不能将此旧证件更正为通过`);
    }

    const recorded = input.approve
      ? approvedLicence(doc, input, beijingToday(ctx.now))
      : {
          expiresOn: doc.expiresOn,
          scopes: doc.scopes,
          issuer: input.issuer ?? doc.issuer,
          holderName: doc.holderName,
          holderIdNo: doc.holderIdNo,
        };
    const [corrected] = await tx
      .insert(qualifications)
      .values({
        companyId,
        kind: doc.kind,
        number: input.number ?? doc.number,
        ...recorded,
        fileId: doc.fileId,
        status: input.approve ? 'approved' : 'rejected',
        reviewNote: input.reason ?? null,
        reviewedAt: ctx.now,
        reviewedBy: ctx.actor.operatorId,
        supersedesId: doc.id,
        correctionReason: input.correction_reason,
        createdAt: ctx.now,
      })
      .returning();
    const before = recordOf(doc);
    const after = recordOf(corrected);
    // Scope codes are a set: ticking them in another order changes nothing.
    const same = (a: typeof before, b: typeof after) =>
      JSON.stringify({ ...a, scopes: [...a.scopes].sort() }) ===
      JSON.stringify({ ...b, scopes: [...b.scopes].sort() });
    if (same(before, after)) throw refusal('更正内容与原证件一致，无需更正');
    const replaced = input.approve ? await replaceEarlierOfKind(tx, corrected) : [];
    await audit(tx, ctx, {
      action: 'qualification.correct',
      target: { type: 'qualification', id: doc.id },
      before: { id: doc.id, ...before },
      after: {
        id: corrected.id,
        ...after,
        correction_reason: input.correction_reason,
        company_id: companyId,
        replaced: replaced.map((r) => r.id),
      },
    });

    // The stores of an approved company buy on the corrected licence from now on: they are told.
    const [company] = await tx
      .select({ status: companies.qualificationStatus })
      .from(companies)
      .where(eq(companies.id, companyId));
    if (company?.status === 'approved') {
      const stores = await tx.select({ id: users.id }).from(users).where(eq(users.companyId, companyId));
      await notify(
        tx,
        stores.map((s) => ({
          userId: s.id,
          category: 'account' as const,
          title: '证件审核信息已更正',
          body: `您的${name}（${corrected.number}）审核信息已由质管更正，原因：${input.correction_reason}。请在资质证件中查看。`,
          link: '/zzzj',
        })),
        ctx.now,
      );
    }
    return { id: corrected.id };
  });
}
