import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UploadedFile } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { orderKeys } from './orders';

/** POST /api/upload (multipart) as the logged-in store: photos and signed receipts. */
export function uploadPicture(file: File) {
  const form = new FormData();
  form.append('file', file);
  return http.upload<UploadedFile>('/api/upload', form);
}

export function useSubmitReceipt() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ orderId, file }: { orderId: number; file: File }) => {
      const uploaded = await uploadPicture(file);
      return http.post<null>(`/api/order/${orderId}/receipt`, { file_id: uploaded.id });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: orderKeys.all }),
  });
}
