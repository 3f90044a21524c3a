import type { FastifyRequest } from 'fastify';
import { fieldError } from './errors';

/**
 * The one uploaded file of a multipart request, with its name (a malformed body is a field
 * message, not a 500; an oversized one is the multipart plugin's 413).
 */
export async function uploadedFile(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string }> {
  if (!request.isMultipart()) throw fieldError('file', '请选择要上传的文件');
  const part = await request.file().catch((error: { statusCode?: number }) => {
    throw error.statusCode ? error : fieldError('file', '上传的内容无法识别，请重新选择文件');
  });
  if (!part) throw fieldError('file', '请选择要上传的文件');
  return { bytes: await part.toBuffer(), filename: part.filename ?? '' };
}
