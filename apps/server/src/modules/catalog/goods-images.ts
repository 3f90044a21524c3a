import { randomUUID } from 'node:crypto';
import type { GoodsImageWidth } from '@yaocai/domain/catalog/image-widths';
import { eq } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { goodsImages } from '../../db/schema/catalog';
import type { OperatorCtx } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';
import { audit } from '../audit/service';
import { imageVariant } from './image-variants';

// Goods pictures uploaded in the console. They are public (every visitor sees goods), so they
// are served from /media/goods-images/{id} with a long cache, unlike buyers' private files.

const IMAGE_TYPES: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
export const MAX_GOODS_IMAGE_BYTES = 2 * 1024 * 1024;
export const goodsImageUrl = (id: number) => `/media/goods-images/${id}`;

export async function storeGoodsImage(ctx: OperatorCtx, storage: FileStorage, bytes: Buffer) {
  if (bytes.length === 0) throw fieldError('file', '请选择图片');
  if (bytes.length > MAX_GOODS_IMAGE_BYTES) throw fieldError('file', '图片不能超过2MB');
  const type = await fileTypeFromBuffer(bytes);
  const ext = type && IMAGE_TYPES[type.mime];
  if (!type || !ext) throw fieldError('file', '仅支持 JPG、PNG、WEBP 图片');
  const key = `goods-images/${randomUUID()}.${ext}`;
  await storage.put(key, bytes);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(goodsImages)
        .values({
          storageKey: key,
          mime: type.mime,
          size: bytes.length,
          operatorId: ctx.actor.operatorId,
          createdAt: ctx.now,
        })
        .returning({ id: goodsImages.id });
      await audit(tx, ctx, {
        action: 'goods.image',
        target: { type: 'goods_image', id: row.id },
        after: { size: bytes.length, mime: type.mime },
      });
      return { id: row.id, url: goodsImageUrl(row.id) };
    });
  } catch (error) {
    await storage.delete(key);
    throw error;
  }
}

/** The picture, or its variant at most `width` pixels wide (image-variants.ts). */
export async function readGoodsImage(db: DbOrTx, storage: FileStorage, id: number, width?: GoodsImageWidth) {
  const [row] = await db.select().from(goodsImages).where(eq(goodsImages.id, id));
  if (!row) return undefined;
  const bytes = width ? await imageVariant(storage, row, width) : await storage.get(row.storageKey);
  return bytes ? { mime: row.mime, bytes } : undefined;
}
