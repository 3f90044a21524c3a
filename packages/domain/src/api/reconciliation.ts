import { z } from 'zod';
import { calendarDate } from './input';

// 财务 → 对账: one channel's day, our book against the provider's bill.

const yuan = z.number();

/** POST /api/admin/finance/reconciliations: reconcile one channel's day now. */
export const reconciliationBody = z.strictObject({
  channel: z.string().min(1, { error: '请选择支付渠道' }).max(20),
  date: calendarDate('对账日期'),
});

export const reconciliationDifferenceView = z.object({
  out_trade_no: z.string(),
  kind: z.enum(['pay', 'refund']),
  ours: yuan.nullable(),
  theirs: yuan.nullable(),
  reason: z.string(),
});

export const reconciliationRunView = z.object({
  id: z.number().int(),
  channel: z.string(),
  channel_label: z.string(),
  date: z.string(),
  ours_paid: yuan,
  ours_refunded: yuan,
  theirs_paid: yuan,
  theirs_refunded: yuan,
  differences: z.array(reconciliationDifferenceView),
  operator: z.string(),
  created_at: z.number().int(),
});
export type ReconciliationRunView = z.infer<typeof reconciliationRunView>;

/** GET /api/admin/finance/reconciliations: the latest runs and the channels that have bills. */
export const reconciliationList = z.object({
  channels: z.array(z.object({ name: z.string(), label: z.string() })),
  list: z.array(reconciliationRunView),
});
export type ReconciliationList = z.infer<typeof reconciliationList>;
