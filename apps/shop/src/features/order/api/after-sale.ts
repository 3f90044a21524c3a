import { useQuery } from '@tanstack/react-query';
import type { AfterSaleView } from '@yaocai/domain';
import { http } from '../../../lib/http';

export const useAfterSale = (id: number) =>
  useQuery({
    queryKey: ['order', 'after-sale', id],
    queryFn: () => http.get<AfterSaleView>(`/api/order/after_sale/${id}`),
  });
