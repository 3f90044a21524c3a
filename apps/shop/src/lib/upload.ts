import type { UploadedFile } from '@yaocai/domain';
import { http } from './http';

/**
 * POST /api/upload (multipart) as the logged-in store. Apart from PhotoUpload, so that a page that
 * only sends a file (a receipt) does not load antd's Upload with the call.
 */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<UploadedFile>('/api/upload', form);
}
