import {
  buyerEligibility,
  type QualificationItem,
  type qualificationInput,
  qualificationKindName,
  scopeClassName,
} from '@yaocai/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { qualifications } from '../../db/schema/account';
import type { BuyerCtx } from '../../lib/context';

// One reading of a licence row for every view of it (the store's 资质证件, the review queue, the
// buyer file), and one mapping of what a store uploads onto the row.

type Row = typeof qualifications.$inferSelect;

/** The row's columns from what the store uploaded (registration or a renewal). */
export function licenceColumns(input: z.output<typeof qualificationInput>) {
  return {
    kind: input.kind,
    number: input.number,
    issuer: input.issuer ?? null,
    expiresOn: input.long_term ? null : (input.expires_on ?? null),
    holderName: input.holder_name ?? null,
    holderIdNo: input.holder_id_no ?? null,
  };
}

/** The fields every view of one licence shares. */
export function licenceView(q: Row): Omit<QualificationItem, 'file'> {
  return {
    id: q.id,
    kind: q.kind,
    kind_name: qualificationKindName(q.kind),
    number: q.number,
    issuer: q.issuer,
    expires_on: q.expiresOn,
    scopes: q.scopes.map((code) => ({ code, name: scopeClassName(code) })),
    holder_name: q.holderName,
    status: q.status,
    correction_reason: q.correctionReason,
  };
}

/**
 * The licence row counts: no correction (更正) supersedes it, as `currentVersions` reads it in
 * packages/domain (compliance/versions.ts). Every reader of approved licences asks it: the
 * buyer's standing, the review screens, reminders and the console's expiry filters. `id` is the
 * outer row's id; by default the unaliased qualifications table's.
 */
export const isCurrentLicence = (
  id: SQL = sql`${qualifications}.${sql.identifier(qualifications.id.name)}`,
) => sql`not exists (select 1 from ${qualifications} superseding where superseding.supersedes_id = ${id})`;

/**
 * What the store may buy in today and what stops it buying, as the eligibility rule reads its
 * licences: the scope classes with names, and the buyer-level refusal (a missing or expired
 * required licence, the unsigned contract), null when it may buy.
 */
export function licensedStanding(ctx: BuyerCtx) {
  const judged = buyerEligibility({ kind: 'buyer', standing: ctx.actor.standing }, ctx.now);
  return {
    list: judged.scope.map((code) => ({ code, name: scopeClassName(code) })),
    refusal: judged.buy?.message ?? null,
  };
}
