import { randomUUID } from 'node:crypto';
import type { FirstDocumentScope, FirstDocumentView } from '@yaocai/domain';
import { and, desc, eq, inArray, isNull, or } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { firstDocuments } from '../../db/schema/compliance';
import type { BuyerCtx, Ctx, OperatorCtx } from '../../lib/context';
import { fieldError, notFound } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { audit } from '../audit/service';
import { goodsPaperFacts } from '../catalog/goods-facts';
import { orderGoodsIds } from '../order/line-facts';

// 首营资料 files: uploaded by 质管 (batches:write) for a goods or for the platform company, read
// by operators and by logged-in buyers. A new upload of a name supersedes the last; none is
// deleted.

const TYPES: Record<string, string> = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' };
const MAX_BYTES = 10 * 1024 * 1024;

export async function storeFirstDocument(
  ctx: OperatorCtx,
  storage: FileStorage,
  target: { scope: FirstDocumentScope; goodsId: number | null; name: string },
  bytes: Buffer,
) {
  if (target.goodsId !== null) {
    const found = await goodsPaperFacts(ctx.db, [target.goodsId]);
    if (!found.has(target.goodsId)) throw notFound('商品不存在');
  }
  if (bytes.length === 0) throw fieldError('file', '请选择文件');
  if (bytes.length > MAX_BYTES) throw fieldError('file', '首营资料不能超过10MB');
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && TYPES[type.mime];
  if (!type || !ext) throw fieldError('file', '首营资料仅支持 PDF、JPG、PNG 文件');
  const key = `first-documents/${randomUUID()}.${ext}`;
  await storage.put(key, bytes);
  try {
    await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(firstDocuments)
        .values({
          scope: target.scope,
          goodsId: target.goodsId,
          name: target.name,
          storageKey: key,
          mime: type.mime,
          size: bytes.length,
          operatorId: ctx.actor.operatorId,
          createdAt: ctx.now,
        })
        .returning({ id: firstDocuments.id });
      await audit(tx, ctx, {
        action: 'first_document.upload',
        target: target.goodsId ? { type: 'goods', id: target.goodsId } : { type: 'company', id: 'platform' },
        after: { id: row.id, scope: target.scope, name: target.name, size: bytes.length, mime: type.mime },
      });
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
  return firstDocumentList(ctx.db, target.goodsId ?? undefined, target.scope);
}

/**
 * The newest file of each name: the company's, and a goods' when `goodsId` is given (`only`
 * narrows to one scope).
 */
export async function firstDocumentList(
  db: DbOrTx,
  goodsId?: number | number[],
  only?: FirstDocumentScope,
): Promise<FirstDocumentView[]> {
  const company = and(eq(firstDocuments.scope, 'company'), isNull(firstDocuments.goodsId));
  const ids = goodsId === undefined ? [] : Array.isArray(goodsId) ? goodsId : [goodsId];
  const ofGoods = ids.length ? inArray(firstDocuments.goodsId, ids) : undefined;
  const where =
    only === 'company' ? company : only === 'goods' ? ofGoods : ofGoods ? or(company, ofGoods) : company;
  if (!where) return [];
  const rows = await db.select().from(firstDocuments).where(where).orderBy(desc(firstDocuments.id));
  const seen = new Set<string>();
  const newest = rows.filter((r) => {
    const key = `${r.scope}:${r.goodsId}:${r.name}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return newest
    .map((r) => ({
      id: r.id,
      scope: r.scope as FirstDocumentScope,
      goods_id: r.goodsId,
      name: r.name,
      mime: r.mime,
      uploaded_at: Math.floor(r.createdAt.getTime() / 1000),
    }))
    .sort((a, b) => (a.scope === b.scope ? a.id - b.id : a.scope === 'company' ? -1 : 1));
}

/** The company's papers and those of every goods in one of the store's orders. */
export async function orderFirstDocuments(ctx: BuyerCtx, orderId: number) {
  const goodsIds = await orderGoodsIds(ctx.db, orderId, ctx.actor.userId);
  if (goodsIds.length === 0) throw notFound('订单不存在');
  return firstDocumentList(ctx.db, goodsIds);
}

/** One file, by id, for an operator or a logged-in buyer (the papers are the same for all). */
export async function firstDocumentFile(ctx: Ctx, storage: FileStorage, id: number) {
  const [d] = await ctx.db.select().from(firstDocuments).where(eq(firstDocuments.id, id));
  if (!d) throw notFound('资料不存在');
  const goodsName =
    d.goodsId === null ? undefined : (await goodsPaperFacts(ctx.db, [d.goodsId])).get(d.goodsId)?.name;
  const row = { d, goodsName };
  const bytes = await storage.get(row.d.storageKey);
  if (!bytes) throw notFound('资料不存在');
  const ext = TYPES[row.d.mime] ?? 'pdf';
  const prefix = row.goodsName ? `${row.goodsName}_` : '';
  return { mime: row.d.mime, bytes, name: `首营资料_${prefix}${row.d.name.replaceAll('/', '-')}.${ext}` };
}
