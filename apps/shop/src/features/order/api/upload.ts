import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { uploadPicture } from '../../../lib/upload';
import { orderKeys } from './orders';

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
