import { type PriceVisibility, priceTips, scopeCheck } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { companies, users } from '../../db/schema';

/**
 * Who is looking at goods: decides whether prices are sent at all and whether each goods is
 * within the buyer's business scope. Visitors never receive prices; buyers whose company is not
 * approved neither.
 */
export interface Viewer {
  userId: number | null;
  visibility: PriceVisibility;
  /** Licensed scope codes; null for visitors. */
  scope: string[] | null;
}

export const visitor: Viewer = { userId: null, visibility: 'login', scope: null };

export async function viewerOf(db: Db, request: FastifyRequest): Promise<Viewer> {
  const userId = await request.buyerId();
  if (!userId) return visitor;
  const [row] = await db
    .select({ status: companies.qualificationStatus, scope: companies.businessScope })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) return visitor;
  return { userId, visibility: row.status === 'approved' ? 'visible' : 'pending', scope: row.scope };
}

export function priceTipOf(visibility: PriceVisibility): string {
  return visibility === 'visible' ? '' : priceTips[visibility];
}

export function scopeOf(viewer: Viewer, goods: { scopeClass: string; rxClass: string }) {
  if (!viewer.scope) return { in_scope: null, scope_message: null };
  const check = scopeCheck(goods, viewer.scope);
  return { in_scope: check.inScope, scope_message: check.message };
}
