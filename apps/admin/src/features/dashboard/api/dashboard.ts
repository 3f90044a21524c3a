import { useQuery } from '@tanstack/react-query';
import type { DashboardView } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/admin/dashboard */
export const getDashboard = () => http.get<DashboardView>('/api/admin/dashboard');
export const useDashboard = () =>
  useQuery({ queryKey: ['admin-dashboard'], queryFn: getDashboard, refetchInterval: 60_000 });
