import { randomUUID } from 'node:crypto';
import { beijingToday } from '@yaocai/domain';
import { and, desc, eq, inArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { inspectionReports, orderLineBatches } from '../../db/schema/compliance';
import type { BuyerCtx, OperatorCtx } from '../../lib/context';
import { fieldError, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { audit } from '../audit/service';
import { batchNumbers, goodsBatchOf, nextShippingBatch } from '../catalog/batch-facts';
import { findOrder } from '../order/state';
import { readSettings } from '../settings/read';
import { markablePdf, markedCopy } from './copy-mark';

// 药检报告: the inspection report of each batch, uploaded in the console (质管, batches:write) and
// downloaded by the stores the batch shipped to, from their order, as a copy marked by the
// supplier's 质量管理部 (copy-mark.ts). Kept: a new upload supersedes the last for downloads, the
// old rows and files stay.

const REPORT_TYPES: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};
export const MAX_REPORT_BYTES = 10 * 1024 * 1024;

export async function storeInspectionReport(
  ctx: OperatorCtx,
  storage: FileStorage,
  goodsId: number,
  batchId: number,
  bytes: Buffer,
) {
  const batch = await goodsBatchOf(ctx.db, goodsId, batchId);
  if (!batch) throw notFound('批号不存在');
  if (bytes.length === 0) throw fieldError('file', '请选择药检报告文件');
  if (bytes.length > MAX_REPORT_BYTES) throw fieldError('file', '药检报告不能超过10MB');
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && REPORT_TYPES[type.mime];
  if (!type || !ext) throw fieldError('file', '药检报告仅支持 PDF、JPG、PNG 文件');
  // Every copy a buyer downloads carries the 质量管理部 mark, so the PDF must be one we can mark.
  if (ext === 'pdf' && !(await markablePdf(bytes)))
    throw fieldError('file', 'PDF 文件无法读取（可能已损坏或加密），请重新导出或上传扫描图片');
  const key = `inspection-reports/${randomUUID()}.${ext}`;
  await storage.put(key, bytes);
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(inspectionReports)
        .values({
          batchId,
          storageKey: key,
          mime: type.mime,
          size: bytes.length,
          operatorId: ctx.actor.operatorId,
          createdAt: ctx.now,
        })
        .returning({ id: inspectionReports.id });
      await audit(tx, ctx, {
        action: 'goods.inspection_report',
        target: { type: 'goods', id: goodsId },
        after: { batchId, batchNo: batch.batchNo, reportId: row.id, size: bytes.length, mime: type.mime },
      });
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** Which of these batches have a report. */
export async function batchesWithReports(db: DbOrTx, batchIds: number[]): Promise<Set<number>> {
  if (batchIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ batchId: inspectionReports.batchId })
    .from(inspectionReports)
    .where(inArray(inspectionReports.batchId, batchIds));
  return new Set(rows.map((r) => r.batchId));
}

async function latestReport(db: DbOrTx, storage: FileStorage, batchId: number) {
  const [[report], numbers] = await Promise.all([
    db
      .select()
      .from(inspectionReports)
      .where(eq(inspectionReports.batchId, batchId))
      .orderBy(desc(inspectionReports.id))
      .limit(1),
    batchNumbers(db, [batchId]),
  ]);
  const batchNo = numbers.get(batchId);
  if (!report || batchNo === undefined) throw notFound('该批号暂无药检报告');
  const row = { r: report, batchNo };
  const bytes = await storage.get(row.r.storageKey);
  if (!bytes) throw notFound('该批号暂无药检报告');
  const ext = REPORT_TYPES[row.r.mime] ?? 'pdf';
  return { mime: row.r.mime, bytes, name: `药检报告_${row.batchNo}.${ext}` };
}

/**
 * The batch of a goods that ships next (first expiry first out: in date, holding stock) when it
 * has a 药检报告, or null.
 */
export async function nextBatchWithReport(db: DbOrTx, goodsId: number, today: string) {
  const next = await nextShippingBatch(db, goodsId, today);
  if (!next) return null;
  return (await batchesWithReports(db, [next.id])).has(next.id) ? next : null;
}

/** A buyer's copy: the report with the supplier's 质量管理部 mark. */
async function buyerCopy(db: DbOrTx, file: Awaited<ReturnType<typeof latestReport>>) {
  const settings = await readSettings(db);
  return markedCopy(file, settings.footer.company);
}

/** The 药检报告 of the batch of a goods that ships next (logged-in buyers: the detail page). */
export async function nextBatchReport(ctx: BuyerCtx, storage: FileStorage, goodsId: number) {
  const next = await nextBatchWithReport(ctx.db, goodsId, beijingToday(ctx.now));
  if (!next) throw notFound('该商品暂无药检报告');
  return buyerCopy(ctx.db, await latestReport(ctx.db, storage, next.id));
}

/** The report of a batch one of the store's orders shipped from (any other batch: 404). */
export async function myInspectionReport(
  ctx: BuyerCtx,
  storage: FileStorage,
  orderId: number,
  batchId: number,
) {
  const [own, [shipped]] = await Promise.all([
    findOrder(ctx.db, orderId, ctx.actor.userId),
    ctx.db
      .select({ id: orderLineBatches.id })
      .from(orderLineBatches)
      .where(and(eq(orderLineBatches.orderId, orderId), eq(orderLineBatches.batchId, batchId)))
      .limit(1),
  ]);
  if (!own || !shipped) throw notFound('药检报告不存在');
  return buyerCopy(ctx.db, await latestReport(ctx.db, storage, batchId));
}

export async function adminInspectionReport(
  ctx: OperatorCtx,
  storage: FileStorage,
  goodsId: number,
  batchId: number,
) {
  const batch = await goodsBatchOf(ctx.db, goodsId, batchId);
  if (!batch) throw notFound('批号不存在');
  return latestReport(ctx.db, storage, batchId);
}
