import type { UploadedFile } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** POST /api/upload (multipart): a licence image or PDF; the draft token is sent before the file. */
export function uploadFile(file: File, token?: string) {
  const form = new FormData();
  if (token) form.append('token', token);
  form.append('file', file);
  return http.upload<UploadedFile>('/api/upload', form, { silent: true });
}
