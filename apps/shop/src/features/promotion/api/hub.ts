import { useQuery } from '@tanstack/react-query';
import type { PromotionHubData } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/activity/hub: every promotion live now (/yyh). */
export const usePromotionHub = () =>
  useQuery({ queryKey: ['promotion-hub'], queryFn: () => http.get<PromotionHubData>('/api/activity/hub') });
