import { type AuditAction, toYuan } from '@yaocai/domain';
import { eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../src/db/client';
import { afterSales, auditLog, operators, orders, qualifications, shipments } from '../../src/db/schema';
import { demoAccounts } from './accounts';

/**
 * The operator writes behind the demo data, so that 审计日志 opens on a trail instead of an
 * empty table: the shipments of the shipped orders (仓库), the reviews of the approved
 * licences (质管) and the decided after-sales requests (客服), each at the time the demo data
 * gives it and in the shape the real write records. Runs after every other loader.
 */
export async function seedAuditTrail(tx: DbOrTx): Promise<void> {
  const staff = await tx
    .select({ id: operators.id, username: operators.username })
    .from(operators)
    .where(inArray(operators.username, ['cangku', 'zhiguan', 'kefu', demoAccounts.operator.username]));
  const byName = new Map(staff.map((o) => [o.username, o]));
  const admin = byName.get(demoAccounts.operator.username);
  if (!admin) return;
  const by = (username: string) => byName.get(username) ?? admin;

  const rows: (typeof auditLog.$inferInsert)[] = [];
  const add = (
    operator: { id: number; username: string },
    action: AuditAction,
    target: { type: string; id: number },
    at: Date,
    before: unknown,
    after: unknown,
  ) =>
    rows.push({
      operatorId: operator.id,
      operatorName: operator.username,
      action,
      targetType: target.type,
      targetId: String(target.id),
      before,
      after,
      createdAt: at,
    });

  const shipped = await tx
    .select({
      orderId: shipments.orderId,
      carrier: shipments.carrier,
      trackingNo: shipments.trackingNo,
      shippedAt: shipments.shippedAt,
      status: orders.status,
    })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId));
  for (const s of shipped)
    add(
      by('cangku'),
      'order.ship',
      { type: 'order', id: s.orderId },
      s.shippedAt,
      { status: 'paid' },
      { status: 'shipped', carrier: s.carrier, tracking_no: s.trackingNo },
    );

  const reviewed = await tx.select().from(qualifications).where(isNotNull(qualifications.reviewedAt));
  for (const q of reviewed)
    if (q.reviewedAt)
      add(
        by('zhiguan'),
        'qualification.review',
        { type: 'qualification', id: q.id },
        q.reviewedAt,
        { status: 'pending' },
        {
          status: q.status,
          expires_on: q.expiresOn,
          scopes: q.scopes,
          issuer: q.issuer,
          review_note: q.reviewNote,
        },
      );

  const decided = await tx.select().from(afterSales).where(isNotNull(afterSales.handledAt));
  for (const a of decided)
    if (a.handledAt)
      add(
        by('kefu'),
        'after_sale.decide',
        { type: 'after_sale', id: a.id },
        a.handledAt,
        { status: 'pending' },
        a.status === 'approved'
          ? { status: 'approved', refund: toYuan(a.refundFen), note: a.operatorNote ?? '' }
          : { status: a.status, note: a.operatorNote ?? '' },
      );

  rows.sort((a, b) => (a.createdAt as Date).getTime() - (b.createdAt as Date).getTime());
  if (rows.length > 0) await tx.insert(auditLog).values(rows);
}
