import { randomBytes } from 'node:crypto';
import { beijingStartOf, beijingToday } from '@yaocai/domain';
import { and, count, eq, gte, inArray, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { files, users } from '../../db/schema/account';
import type { Ctx } from '../../lib/context';
import { fieldError, notFound, refusal, tooManyRequests } from '../../lib/errors';
import type { FileStorage } from '../../lib/storage';

const ALLOWED: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
/** The types an uploaded file may have (GET /api/files/{id} answers with its own). */
export const UPLOAD_MIME_TYPES = Object.keys(ALLOWED);
const MAX_FILES_PER_DRAFT = 30;

/**
 * What one store (or one registration draft) may upload per Beijing day: enough for every
 * licence of a company and the photos of a few after-sales requests, not a free file host.
 */
export const uploadQuota = { filesPerDay: 60, bytesPerDay: 100 * 1024 * 1024 } as const;

/** Who uploads: a logged-in store user, or a registration draft (no account yet). */
export type Uploader = { userId: number } | { draftToken: string };

const cleanName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strip control characters from names
  name.replace(/[\u0000-\u001f\u007f/\\]/g, '').slice(-100) || 'file';

/**
 * Stores an upload after checking its real type by magic bytes (a text file renamed .jpg is
 * refused) and the uploader's daily quota. The quota is counted under a per-uploader lock, so
 * parallel uploads cannot overtake it. Bytes go to storage first; the row is written last, and a
 * failed insert removes them.
 */
export async function storeUpload(
  ctx: Ctx,
  storage: FileStorage,
  uploader: Uploader,
  input: { bytes: Buffer; filename: string },
) {
  if (input.bytes.length === 0) throw fieldError('file', '请选择要上传的文件');
  const detected = await fileTypeFromBuffer(input.bytes);
  const ext = detected && ALLOWED[detected.mime];
  if (!detected || !ext) throw fieldError('file', '仅支持 JPG、PNG、WEBP 图片或 PDF 文件');
  const mine =
    'draftToken' in uploader
      ? eq(files.claimToken, uploader.draftToken)
      : eq(files.ownerUserId, uploader.userId);
  const lockKey =
    'draftToken' in uploader ? `upload:d:${uploader.draftToken}` : `upload:u:${uploader.userId}`;
  const key = `uploads/${beijingToday(ctx.now).slice(0, 7)}/${randomBytes(16).toString('hex')}.${ext}`;
  return ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${lockKey}))`);
    const [today] = await tx
      .select({ n: count(), bytes: sql<number>`coalesce(sum(${files.size}), 0)::int` })
      .from(files)
      .where(and(mine, gte(files.createdAt, beijingStartOf(beijingToday(ctx.now)))));
    if (today.n >= uploadQuota.filesPerDay || today.bytes + input.bytes.length > uploadQuota.bytesPerDay) {
      throw tooManyRequests(
        `今日上传的文件已达上限（每天${uploadQuota.filesPerDay}个、共${uploadQuota.bytesPerDay / 1024 / 1024}MB），请明天再试`,
      );
    }
    if ('draftToken' in uploader) {
      const [all] = await tx.select({ n: count() }).from(files).where(mine);
      if ((all?.n ?? 0) >= MAX_FILES_PER_DRAFT) throw refusal('上传的文件过多');
    }
    await storage.put(key, input.bytes);
    try {
      const [row] = await tx
        .insert(files)
        .values({
          storageKey: key,
          mime: detected.mime,
          size: input.bytes.length,
          originalName: cleanName(input.filename),
          claimToken: 'draftToken' in uploader ? uploader.draftToken : null,
          ownerUserId: 'userId' in uploader ? uploader.userId : null,
          createdAt: ctx.now,
        })
        .returning();
      return { id: row.id, url: `/api/files/${row.id}`, name: row.originalName, mime: row.mime };
    } catch (error) {
      await storage.delete(key);
      throw error;
    }
  });
}

/**
 * A file for a viewer: its uploader's draft, any store of the owner's company, or an operator.
 * Anyone else gets the same 404 as for a missing file.
 */
export async function readFileFor(
  ctx: Ctx,
  storage: FileStorage,
  fileId: number,
  viewer: { userId?: number; operatorId?: number; draftToken?: string },
) {
  const [file] = await ctx.db.select().from(files).where(eq(files.id, fileId));
  if (!file) throw notFound('文件不存在');
  let allowed = Boolean(viewer.operatorId);
  if (!allowed && file.claimToken && viewer.draftToken) allowed = file.claimToken === viewer.draftToken;
  if (!allowed && file.ownerUserId && viewer.userId) {
    if (file.ownerUserId === viewer.userId) allowed = true;
    else {
      const [owner] = await ctx.db
        .select({ companyId: users.companyId })
        .from(users)
        .where(eq(users.id, file.ownerUserId));
      const [me] = await ctx.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, viewer.userId), eq(users.companyId, owner?.companyId ?? -1)));
      allowed = Boolean(me);
    }
  }
  if (!allowed) throw notFound('文件不存在');
  const bytes = await storage.get(file.storageKey);
  if (!bytes) throw notFound('文件不存在');
  return { file, bytes };
}

/** The buyer's own uploads; `imagesOnly` for photos, which the screens show as thumbnails. */
export async function assertOwnFiles(db: DbOrTx, userId: number, ids: number[], imagesOnly = false) {
  if (!ids.length) return;
  const rows = await db
    .select({ id: files.id, mime: files.mime })
    .from(files)
    .where(and(inArray(files.id, ids), eq(files.ownerUserId, userId)));
  if (rows.length !== new Set(ids).size) throw notFound('图片不存在，请重新上传');
  if (imagesOnly && rows.some((f) => !f.mime.startsWith('image/')))
    throw fieldError('photo_ids', '凭证照片仅支持 JPG、PNG、WEBP 图片');
}
