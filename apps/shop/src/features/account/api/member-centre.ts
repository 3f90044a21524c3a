import { useQuery } from '@tanstack/react-query';
import type { MemberCentre } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/user/center */
export const memberCentre = () => http.get<MemberCentre>('/api/user/center');
export const useMemberCentre = () => useQuery({ queryKey: ['member-centre'], queryFn: memberCentre });
