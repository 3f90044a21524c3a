// 财务's reconciliation (对账) of one channel's China day: our book (payments paid that day,
// refunds the provider finished that day) against the provider's bill; the comparison is the
// domain's (reconcileLines). Each run is kept with its differences and audited.
import {
  addDays,
  beijingStartOf,
  beijingToday,
  differenceReasonText,
  type ReconciliationDifference,
  type ReconciliationLine,
  type ReconciliationRunView,
  reconcileLines,
  toYuan,
} from '@yaocai/domain';
import { and, desc, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { paymentRefunds, payments, reconciliationRuns } from '../../db/schema/wallet';
import type { OperatorCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';
import { newWorkbook, xlsxBytes } from '../../lib/spreadsheet';
import { audit } from '../audit/service';
import { type PaymentProvider, ProviderError, providers } from './provider';

type RunRow = typeof reconciliationRuns.$inferSelect;

/** Our lines of one channel's China day: money in (paid that day) and out (refunds done that day). */
export async function ourBill(db: DbOrTx, channel: string, day: string): Promise<ReconciliationLine[]> {
  const from = beijingStartOf(day);
  const to = beijingStartOf(addDays(day, 1));
  const paid = await db
    .select({ outTradeNo: payments.outTradeNo, amountFen: payments.amountFen })
    .from(payments)
    .where(
      and(
        eq(payments.provider, channel),
        inArray(payments.status, ['paid', 'refunded']),
        gte(payments.paidAt, from),
        lt(payments.paidAt, to),
      ),
    );
  const refunded = await db
    .select({ outTradeNo: payments.outTradeNo, amountFen: paymentRefunds.amountFen })
    .from(paymentRefunds)
    .innerJoin(payments, eq(payments.id, paymentRefunds.paymentId))
    .where(
      and(
        eq(paymentRefunds.provider, channel),
        eq(paymentRefunds.status, 'success'),
        gte(paymentRefunds.finishedAt, from),
        lt(paymentRefunds.finishedAt, to),
      ),
    );
  return [
    ...paid.map((p) => ({ ...p, kind: 'pay' as const })),
    ...refunded.map((r) => ({ ...r, kind: 'refund' as const })),
  ];
}

/** This server's configured online channels that offer a bill (the registry may know others). */
export const billingChannels = (channels: readonly string[]): PaymentProvider[] =>
  channels.flatMap((name) => {
    const provider = providers.get(name);
    return provider?.bill ? [provider] : [];
  });

function runView(row: RunRow): ReconciliationRunView {
  const differences = row.differences as ReconciliationDifference[];
  return {
    id: row.id,
    channel: row.channel,
    channel_label: providers.get(row.channel)?.label ?? row.channel,
    date: row.day,
    ours_paid: toYuan(row.oursPaidFen),
    ours_refunded: toYuan(row.oursRefundedFen),
    theirs_paid: toYuan(row.theirsPaidFen),
    theirs_refunded: toYuan(row.theirsRefundedFen),
    differences: differences.map((d) => ({
      out_trade_no: d.outTradeNo,
      kind: d.kind,
      ours: d.oursFen === null ? null : toYuan(d.oursFen),
      theirs: d.theirsFen === null ? null : toYuan(d.theirsFen),
      reason: differenceReasonText[d.reason],
    })),
    operator: row.operatorName,
    created_at: Math.floor(row.createdAt.getTime() / 1000),
  };
}

/** Reconciles one channel's day now: the provider's bill is fetched, compared, kept, audited. */
export async function reconcile(
  ctx: OperatorCtx,
  channels: readonly string[],
  channel: string,
  day: string,
): Promise<ReconciliationRunView> {
  const provider = billingChannels(channels).find((p) => p.name === channel);
  if (!provider?.bill) throw refusal('该支付渠道未开通或不提供对账单');
  if (day >= beijingToday(ctx.now)) throw refusal('只能对账今天以前的日期（渠道次日生成账单）');
  const theirs = await provider.bill(ctx.db, day).catch((e) => {
    throw e instanceof ProviderError ? refusal(`获取渠道账单失败：${e.message}`) : e;
  });
  const ours = await ourBill(ctx.db, channel, day);
  const result = reconcileLines(ours, theirs);
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reconciliationRuns)
      .values({
        channel,
        day,
        oursPaidFen: result.ours.paidFen,
        oursRefundedFen: result.ours.refundedFen,
        theirsPaidFen: result.theirs.paidFen,
        theirsRefundedFen: result.theirs.refundedFen,
        differences: result.differences,
        operatorId: ctx.actor.operatorId,
        operatorName: ctx.actor.username,
        createdAt: ctx.now,
      })
      .returning();
    await audit(tx, ctx, {
      action: 'payment.reconcile',
      target: { type: 'reconciliation', id: row.id },
      after: { channel, day, differences: result.differences.length },
    });
    return runView(row);
  });
}

/** The latest runs (newest first) and the channels 财务 can reconcile. */
export async function reconciliationList(ctx: OperatorCtx, channels: readonly string[]) {
  const rows = await ctx.db.select().from(reconciliationRuns).orderBy(desc(reconciliationRuns.id)).limit(60);
  return {
    channels: billingChannels(channels).map((p) => ({ name: p.name, label: p.label })),
    list: rows.map(runView),
  };
}

/** One run as an .xlsx: the totals, then every difference. */
export async function reconciliationXlsx(ctx: OperatorCtx, id: number) {
  const [row] = await ctx.db.select().from(reconciliationRuns).where(eq(reconciliationRuns.id, id));
  if (!row) throw notFound('对账记录不存在');
  const run = runView(row);
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('对账结果');
  sheet.addRow(['渠道', run.channel_label, '对账日期', run.date]);
  sheet.addRow(['本平台收款', run.ours_paid, '渠道收款', run.theirs_paid]);
  sheet.addRow(['本平台退款', run.ours_refunded, '渠道退款', run.theirs_refunded]);
  sheet.addRow([]);
  sheet.addRow(['商户订单号', '类型', '本平台金额', '渠道金额', '差异']);
  for (const d of run.differences)
    sheet.addRow([
      d.out_trade_no,
      d.kind === 'pay' ? '收款' : '退款',
      d.ours ?? '',
      d.theirs ?? '',
      d.reason,
    ]);
  sheet.columns.forEach((column) => {
    column.width = 22;
  });
  return { bytes: await xlsxBytes(workbook), name: `对账_${run.channel_label}_${run.date}.xlsx` };
}
