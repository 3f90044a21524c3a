import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { EphedrineReportRow, StockMismatchView, TraceCodeFlagView } from '@yaocai/domain';
import qs from 'qs';
import { http } from '../../../lib/http';

interface FlagList {
  list: TraceCodeFlagView[];
  total: number;
  page: number;
  page_size: number;
}

/** GET /api/admin/trace-code-flags (orders:read) */
export const listTraceCodeFlags = (q: { page: number; page_size: number }) =>
  http.get<FlagList>(`/api/admin/trace-code-flags?${qs.stringify(q)}`);
export const useTraceCodeFlags = (q: { page: number; page_size: number }) =>
  useQuery({
    queryKey: ['admin-trace-code-flags', q],
    queryFn: () => listTraceCodeFlags(q),
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/gsp/sales: the .xlsx download of a Beijing date range. */
export const gspSalesHref = (from: string, to: string) =>
  `/api/admin/gsp/sales?${qs.stringify({ from, to })}`;

/** GET /api/admin/ephedrine/report: 含麻 sales per buyer company in a date range. */
export const ephedrineReport = (from: string, to: string) =>
  http.get<EphedrineReportRow[]>(`/api/admin/ephedrine/report?${qs.stringify({ from, to })}`);
export const useEphedrineReport = (from: string | undefined, to: string | undefined) =>
  useQuery({
    queryKey: ['admin-ephedrine-report', from, to],
    queryFn: () => ephedrineReport(from as string, to as string),
    enabled: !!from && !!to,
    placeholderData: keepPreviousData,
  });
export const ephedrineExportHref = (from: string, to: string) =>
  `/api/admin/ephedrine/export?${qs.stringify({ from, to })}`;

/** GET /api/admin/stock-check (goods:read): goods whose stock disagrees with its batches. */
export const listStockMismatches = () => http.get<StockMismatchView[]>('/api/admin/stock-check');
export const useStockMismatches = (enabled: boolean) =>
  useQuery({ queryKey: ['admin-stock-check'], queryFn: listStockMismatches, enabled });
