import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { files, users } from '../../db/schema';
import { fieldError, notFound, refusal } from '../../lib/errors';

const ALLOWED: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'application/pdf': 'pdf',
};
/** The types an uploaded file may have (GET /api/files/{id} answers with its own). */
export const UPLOAD_MIME_TYPES = Object.keys(ALLOWED);
const MAX_FILES_PER_DRAFT = 30;

/** Who uploads: a logged-in store user, or a registration draft (no account yet). */
export type Uploader = { userId: number } | { draftToken: string };

const cleanName = (name: string) =>
  // biome-ignore lint/suspicious/noControlCharactersInRegex: strip control characters from names
  name.replace(/[\u0000-\u001f\u007f/\\]/g, '').slice(-100) || 'file';

/**
 * Stores an upload after checking its real type by magic bytes (a text file renamed .jpg is
 * refused). Bytes go to storage first; the row is written last, and a failed insert removes them.
 */
export async function storeUpload(
  app: FastifyInstance,
  uploader: Uploader,
  input: { bytes: Buffer; filename: string },
) {
  if (input.bytes.length === 0) throw fieldError('file', '请选择要上传的文件');
  const detected = await fileTypeFromBuffer(input.bytes);
  const ext = detected && ALLOWED[detected.mime];
  if (!detected || !ext) throw fieldError('file', '仅支持 JPG、PNG、WEBP 图片或 PDF 文件');
  if ('draftToken' in uploader) {
    const [row] = await app.db
      .select({ n: count() })
      .from(files)
      .where(eq(files.claimToken, uploader.draftToken));
    if ((row?.n ?? 0) >= MAX_FILES_PER_DRAFT) throw refusal('上传的文件过多');
  }
  const month = new Date().toISOString().slice(0, 7);
  const key = `uploads/${month}/${randomBytes(16).toString('hex')}.${ext}`;
  await app.storage.put(key, input.bytes);
  try {
    const [row] = await app.db
      .insert(files)
      .values({
        storageKey: key,
        mime: detected.mime,
        size: input.bytes.length,
        originalName: cleanName(input.filename),
        claimToken: 'draftToken' in uploader ? uploader.draftToken : null,
        ownerUserId: 'userId' in uploader ? uploader.userId : null,
      })
      .returning();
    return { id: row.id, url: `/api/files/${row.id}`, name: row.originalName, mime: row.mime };
  } catch (error) {
    await app.storage.delete(key);
    throw error;
  }
}

/**
 * A file for a viewer: its uploader's draft, any store of the owner's company, or an operator.
 * Anyone else gets the same 404 as for a missing file.
 */
export async function readFileFor(
  app: FastifyInstance,
  fileId: number,
  viewer: { userId?: number; operatorId?: number; draftToken?: string },
) {
  const [file] = await app.db.select().from(files).where(eq(files.id, fileId));
  if (!file) throw notFound('文件不存在');
  let allowed = Boolean(viewer.operatorId);
  if (!allowed && file.claimToken && viewer.draftToken) allowed = file.claimToken === viewer.draftToken;
  if (!allowed && file.ownerUserId && viewer.userId) {
    if (file.ownerUserId === viewer.userId) allowed = true;
    else {
      const [owner] = await app.db
        .select({ companyId: users.companyId })
        .from(users)
        .where(eq(users.id, file.ownerUserId));
      const [me] = await app.db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, viewer.userId), eq(users.companyId, owner?.companyId ?? -1)));
      allowed = Boolean(me);
    }
  }
  if (!allowed) throw notFound('文件不存在');
  const bytes = await app.storage.get(file.storageKey);
  if (!bytes) throw notFound('文件不存在');
  return { file, bytes };
}
