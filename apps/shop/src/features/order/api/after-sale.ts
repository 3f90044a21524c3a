import { useQuery } from '@tanstack/react-query';
import type { AfterSaleView } from '@yaocai/domain';
import { ApiCode } from '@yaocai/domain/api/codes';
import { http } from '../../../lib/http';

export const useAfterSale = (id: number) =>
  useQuery({
    queryKey: ['order', 'after-sale', id],
    // The page shows 售后申请不存在 itself.
    queryFn: () => http.get<AfterSaleView>(`/api/order/after_sale/${id}`, { shownHere: [ApiCode.notFound] }),
  });
