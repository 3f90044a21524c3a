import { z } from 'zod';
import { firstDocumentNames } from '../compliance/first-documents';
import { daysBetween } from '../time/beijing';
import { calendarDate, pageNumber, recordId } from './input';

// Console calls of the compliance records (质量管理): the GSP sales record for a date range, and
// the trace codes offered twice.

/** GET /api/admin/gsp/sales: shipped goods between two Beijing dates (at most a year). */
export const gspSalesQuery = z
  .object({ from: calendarDate('开始日期'), to: calendarDate('结束日期') })
  .refine((q) => q.from <= q.to, { error: '开始日期不能晚于结束日期', path: ['to'] })
  .refine((q) => daysBetween(q.from, q.to) <= 366, { error: '一次最多导出一年', path: ['to'] });
export type GspSalesQuery = z.infer<typeof gspSalesQuery>;

export const traceCodeFlagsQuery = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});

/** A trace code offered for a shipment after it had already shipped with another order. */
export const traceCodeFlagView = z.object({
  id: z.number().int(),
  code: z.string(),
  order_id: z.number().int(),
  order_no: z.string(),
  shipped_order_id: z.number().int(),
  shipped_order_no: z.string(),
  operator_name: z.string().nullable(),
  /** 10-digit seconds. */
  created_at: z.number().int(),
});
export type TraceCodeFlagView = z.infer<typeof traceCodeFlagView>;

/**
 * A goods whose stock in a warehouse disagrees with its batches (GET /api/admin/stock-check):
 * stock + units held by unshipped orders should equal the sum of the batch quantities.
 */
export const stockMismatchView = z.object({
  goods_id: z.number().int(),
  goods_name: z.string(),
  spec: z.string(),
  warehouse_id: z.number().int(),
  warehouse: z.string(),
  /** Sellable stock (goods_stock). */
  stock: z.number().int(),
  /** Units reserved by orders not yet shipped (not cancelled). */
  held: z.number().int(),
  /** The sum of the warehouse's batch quantities. */
  batch_total: z.number().int(),
  /** batch_total - stock - held: positive when the batches hold more than stock says. */
  difference: z.number().int(),
});
export type StockMismatchView = z.infer<typeof stockMismatchView>;

/** One buyer company's 含麻 purchases in a period (GET /api/admin/ephedrine/report). */
export const ephedrineReportRow = z.object({
  company_id: z.number().int(),
  company: z.string(),
  company_type: z.string(),
  orders: z.number().int(),
  units: z.number().int(),
  /** Yuan paid for the 含麻 lines. */
  amount: z.number(),
  first_order_on: z.string(),
  last_order_on: z.string(),
});
export type EphedrineReportRow = z.infer<typeof ephedrineReportRow>;

/** POST /api/admin/goods/{id}/first-documents and /api/admin/first-documents: which paper. */
export const goodsFirstDocumentQuery = z.object({
  name: z.enum(firstDocumentNames.goods, { error: '请选择资料名称' }),
});
export const companyFirstDocumentQuery = z.object({
  name: z.enum(firstDocumentNames.company, { error: '请选择资料名称' }),
});
/** GET /api/first-documents: the company's papers, and a goods' (goods_id) or an order's goods' (order_id). */
export const firstDocumentsQuery = z.object({
  goods_id: recordId('商品不正确').optional(),
  order_id: recordId('订单不正确').optional(),
});

/** One 首营资料 file (the newest of its name). */
export const firstDocumentView = z.object({
  id: z.number().int(),
  scope: z.enum(['goods', 'company']),
  goods_id: z.number().int().nullable(),
  name: z.string(),
  mime: z.string(),
  /** 10-digit seconds. */
  uploaded_at: z.number().int(),
});
export type FirstDocumentView = z.infer<typeof firstDocumentView>;
