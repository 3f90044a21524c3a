import { useQuery } from '@tanstack/react-query';
import type { AuditQuery, auditPage } from '@yaocai/domain';
import qs from 'qs';
import type { z } from 'zod';
import { http } from '../../../lib/http';

/** GET /api/admin/audit: the audit log, filtered and paged. */
export const listAudit = (q: AuditQuery) =>
  http.get<z.infer<typeof auditPage>>(`/api/admin/audit?${qs.stringify(q, { skipNulls: true })}`);

export const useAudit = (q: AuditQuery) =>
  useQuery({ queryKey: ['admin-audit', q], queryFn: () => listAudit(q) });
