import type { PhoneTaken } from '@yaocai/domain';
import { http } from '../../../lib/http';

/** GET /api/user/phone/{value}: whether a phone already has an account. */
export const phoneExists = async (phone: string) =>
  (await http.get<PhoneTaken>(`/api/user/phone/${encodeURIComponent(phone)}`, { silent: true })).exists;
