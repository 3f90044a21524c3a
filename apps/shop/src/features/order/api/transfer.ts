import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TransferView } from '@yaocai/domain';
import { http } from '../../../lib/http';
import { uploadPicture } from '../../../lib/upload';
import { orderKeys } from './orders';

const transferKey = (orderId: number) => ['pay', 'transfer', orderId] as const;

/**
 * POST /api/pay/transfer: choosing 对公转账 gives the order its 汇款识别码 (the same one when
 * chosen again); read through a query so the tab shows it at once when reopened.
 */
export function useChooseTransfer(orderId: number, enabled: boolean) {
  const client = useQueryClient();
  return useQuery({
    queryKey: transferKey(orderId),
    queryFn: async () => {
      const view = await http.post<TransferView>('/api/pay/transfer', { order_id: orderId });
      // The order now waits longer: the page's 支付截止 reads it again.
      void client.invalidateQueries({ queryKey: orderKeys.all });
      return view;
    },
    enabled,
    staleTime: 30_000,
  });
}

/** Uploads the 银行回单, then POST /api/pay/transfer/:id/receipt with what it shows. */
export function useSubmitTransferReceipt(orderId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (v: { file: File; payer_name: string; amount: number; transfer_date: string }) => {
      const uploaded = await uploadPicture(v.file);
      return http.post<TransferView>(`/api/pay/transfer/${orderId}/receipt`, {
        file_id: uploaded.id,
        payer_name: v.payer_name,
        amount: v.amount,
        transfer_date: v.transfer_date,
      });
    },
    onSuccess: (view) => {
      client.setQueryData(transferKey(orderId), view);
      void client.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
