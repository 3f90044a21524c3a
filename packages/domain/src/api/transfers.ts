import { z } from 'zod';
import { pageOf } from './admin';
import { calendarDate, multiLineText, pageNumber, recordId, singleLineText, yuanAmount } from './input';

// 对公转账 (bank transfer): the buyer chooses it on the pay page, transfers to the site's
// receiving account with the order's 汇款识别码 in the 附言, and uploads the 银行回单; 财务
// confirms what arrived (exact, partial, or more than due) or sends the receipt back. Money in
// the API is yuan; the server keeps fen.

/** A receipt's states, in the order 财务 works them. */
export const transferReceiptStates = [
  { code: 'pending', name: '待确认' },
  { code: 'partial', name: '部分到账' },
  { code: 'confirmed', name: '已确认' },
  { code: 'rejected', name: '已退回' },
] as const;
export type TransferReceiptState = (typeof transferReceiptStates)[number]['code'];
const receiptStateCodes = transferReceiptStates.map((s) => s.code) as [
  TransferReceiptState,
  ...TransferReceiptState[],
];
export const transferReceiptStateName = (code: string) =>
  transferReceiptStates.find((s) => s.code === code)?.name ?? code;

/** The 汇款识别码 alphabet: no 0/O, 1/I/L, so it is read and typed back without mistakes. */
export const TRANSFER_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
export const TRANSFER_CODE_LENGTH = 6;

/** The site's receiving account (站点设置 → 对公转账), as the buyer reads it. */
export const receivingAccountView = z.object({
  account_name: z.string(),
  bank_name: z.string(),
  account_no: z.string(),
  bank_code: z.string(),
});

export const transferReceiptView = z.object({
  id: z.number().int(),
  file_id: z.number().int(),
  payer_name: z.string(),
  amount: z.number(),
  transfer_date: z.string(),
  state: z.enum(receiptStateCodes),
  state_name: z.string(),
  /** What 财务 found arrived (confirmed or partial). */
  received: z.number().nullable(),
  reason: z.string().nullable(),
  created_at: z.number().int(),
});
export type TransferReceiptView = z.infer<typeof transferReceiptView>;

/** GET /api/pay/transfer/{orderId}, POST /api/pay/transfer: what the buyer transfers and to whom. */
export const transferView = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  code: z.string(),
  account: receivingAccountView,
  /** The order's total, what arrived so far, and what is still to transfer (yuan). */
  amount: z.number(),
  received: z.number(),
  remaining: z.number(),
  expires_at: z.number().int(),
  order_status: z.string(),
  /** A receipt waiting for 财务 (no other may be uploaded meanwhile). */
  awaiting_confirmation: z.boolean(),
  receipts: z.array(transferReceiptView),
});
export type TransferView = z.infer<typeof transferView>;

export const transferOrderBody = z.strictObject({ order_id: recordId('订单编号不正确') });

/** POST /api/pay/transfer/{orderId}/receipt */
export const transferReceiptBody = z.strictObject({
  file_id: recordId('请上传银行回单'),
  payer_name: singleLineText('付款户名', 60).pipe(z.string().min(2, { error: '请填写付款户名' })),
  amount: yuanAmount('转账金额').refine((v) => v > 0, { error: '转账金额须大于0' }),
  transfer_date: calendarDate('转账日期'),
});
export type TransferReceiptBody = z.input<typeof transferReceiptBody>;

/** The console's list of receipts (财务 → 对公转账). */
export const adminTransferQuery = z.object({
  state: z.enum(receiptStateCodes, { error: '状态不正确' }).optional(),
  keyword: singleLineText('关键词', 50).optional(),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type AdminTransferQuery = z.input<typeof adminTransferQuery>;

export const adminTransferView = transferReceiptView.extend({
  order_id: z.number().int(),
  order_no: z.string(),
  order_status_label: z.string(),
  code: z.string(),
  company_name: z.string(),
  store_name: z.string(),
  /** The order's total, what earlier receipts brought, and what this receipt should bring. */
  order_total: z.number(),
  received_before: z.number(),
  expected: z.number(),
  receipt_mime: z.string(),
  excess: z.number(),
  excess_to: z.enum(['refund', 'wallet']).nullable(),
  decided_by: z.string().nullable(),
  decided_at: z.number().int().nullable(),
});
export type AdminTransferView = z.infer<typeof adminTransferView>;
export const adminTransferPage = pageOf(adminTransferView);

/**
 * POST /api/admin/transfers/{id}/confirm: what arrived on the bank statement. Less than expected
 * needs `partial` (the order stays unpaid); more needs `excess` (refund: a 财务 to-do; wallet:
 * credited to the store's balance, only when chosen).
 */
export const transferConfirmBody = z.strictObject({
  received: yuanAmount('到账金额').refine((v) => v > 0, { error: '到账金额须大于0' }),
  partial: z.boolean({ error: '部分到账的选择不正确' }).optional(),
  excess: z.enum(['refund', 'wallet'], { error: '多付金额的处理方式不正确' }).optional(),
});
export type TransferConfirmBody = z.output<typeof transferConfirmBody>;

/** POST /api/admin/transfers/{id}/reject */
export const transferRejectBody = z.strictObject({
  reason: multiLineText('退回原因', 200).pipe(z.string().min(2, { error: '请填写退回原因' })),
});

/** 财务 → 退款待办: provider refunds that failed or are still processing, and transfer refunds. */
export const providerRefundTodo = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  provider: z.string(),
  refund_no: z.string(),
  amount: z.number(),
  reason: z.string(),
  status: z.enum(['processing', 'failed']),
  error: z.string().nullable(),
  attempts: z.number().int(),
  created_at: z.number().int(),
});
export const transferRefundTodo = z.object({
  id: z.number().int(),
  order_id: z.number().int(),
  order_no: z.string(),
  company_name: z.string(),
  /** Where to send it: the payer of the order's last confirmed receipt. */
  payee_name: z.string().nullable(),
  amount: z.number(),
  kind: z.enum(['after_sales', 'excess', 'cancelled']),
  kind_name: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'done']),
  bank_ref: z.string().nullable(),
  paid_on: z.string().nullable(),
  created_at: z.number().int(),
});
export type ProviderRefundTodo = z.infer<typeof providerRefundTodo>;
export type TransferRefundTodo = z.infer<typeof transferRefundTodo>;
export const refundTodosView = z.object({
  provider: z.array(providerRefundTodo),
  transfer: z.array(transferRefundTodo),
});
export type RefundTodosView = z.infer<typeof refundTodosView>;

/** POST /api/admin/refund-todos/transfer/{id}/record: the outgoing transfer 财务 made. */
export const transferRefundRecordBody = z.strictObject({
  bank_ref: singleLineText('银行流水号', 60).pipe(z.string().min(4, { error: '请填写银行流水号' })),
  paid_on: calendarDate('转账日期'),
});
export type TransferRefundRecordBody = z.input<typeof transferRefundRecordBody>;
