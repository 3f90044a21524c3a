import { type AuditAction, addDays, auditActionLabel, type auditQuery, beijingStartOf } from '@yaocai/domain';
import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import { auditLog } from '../../db/schema/operator';
import type { OperatorCtx } from '../../lib/context';

// The audit trail of operator writes. Every write calls `audit` inside its own transaction, so
// the row commits or rolls back with the change it records; the table refuses UPDATE and DELETE.

export interface AuditRecord {
  action: AuditAction;
  target: { type: string; id: number | string };
  before?: unknown;
  after?: unknown;
}

/** Records one operator write; pass the write's transaction. */
export async function audit(tx: DbOrTx, ctx: OperatorCtx, record: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    operatorId: ctx.actor.operatorId,
    operatorName: ctx.actor.username,
    action: record.action,
    targetType: record.target.type,
    targetId: String(record.target.id),
    before: record.before ?? null,
    after: record.after ?? null,
    createdAt: ctx.now,
  });
}

/** Records many operator writes of one action (a bulk import) in one statement; pass its transaction. */
export async function auditMany(
  tx: DbOrTx,
  ctx: OperatorCtx,
  records: readonly AuditRecord[],
): Promise<void> {
  for (let start = 0; start < records.length; start += 500) {
    await tx.insert(auditLog).values(
      records.slice(start, start + 500).map((record) => ({
        operatorId: ctx.actor.operatorId,
        operatorName: ctx.actor.username,
        action: record.action,
        targetType: record.target.type,
        targetId: String(record.target.id),
        before: record.before ?? null,
        after: record.after ?? null,
        createdAt: ctx.now,
      })),
    );
  }
}

type ParsedAuditQuery = z.output<typeof auditQuery>;

export async function listAudit(ctx: OperatorCtx, query: ParsedAuditQuery) {
  const where: SQL[] = [];
  if (query.operator_id) where.push(eq(auditLog.operatorId, query.operator_id));
  if (query.action) where.push(eq(auditLog.action, query.action));
  if (query.target_type) where.push(eq(auditLog.targetType, query.target_type));
  if (query.target_id) where.push(eq(auditLog.targetId, query.target_id));
  if (query.from) where.push(gte(auditLog.createdAt, beijingStartOf(query.from)));
  if (query.to) where.push(lt(auditLog.createdAt, beijingStartOf(addDays(query.to, 1))));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(auditLog)
      .where(condition)
      .orderBy(desc(auditLog.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(auditLog).where(condition),
  ]);
  return {
    list: rows.map((row) => ({
      id: row.id,
      operator_id: row.operatorId,
      operator_name: row.operatorName,
      action: row.action,
      action_label: auditActionLabel(row.action),
      target_type: row.targetType,
      target_id: row.targetId,
      before: row.before,
      after: row.after,
      created_at: Math.floor(row.createdAt.getTime() / 1000),
    })),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
