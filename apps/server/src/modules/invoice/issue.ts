import {
  beijingToday,
  defaultTaxOf,
  type InvoiceFigures,
  type InvoiceView,
  invoiceFigures,
  invoiceIssuable,
  invoiceNumber,
  invoiceStateName,
  toYuan,
} from '@yaocai/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { invoices, orderLines, orders } from '../../db/schema/order';
import type { OperatorCtx } from '../../lib/context';
import { conflict, notFound } from '../../lib/errors';
import { storeUserPhone } from '../account/store-users';
import { audit } from '../audit/service';
import { goodsPaperFacts } from '../catalog/goods-facts';
import { notify } from '../message/service';
import { operatorNames } from '../operator/names';
import type { InvoiceProvider, IssueOutcome } from './provider';
import { reverseInvoiceAfterRefund } from './reversal';
import { type OrderPart, orderCols, type Row, stateOf, view } from './service';

// 财务 issues an invoice from the queue through the configured provider (provider.ts): a blue one
// at the order's figures as paid (less refunds), a red one at the negated lines fixed when the
// refund reversed its original. The demo answers at once; 诺诺 answers with a serial, and the
// invoice stays 开具中 until a query finds it issued or refused (a refusal is 财务's to-do, shown
// with the platform's message, issued again once dealt with).

async function lockForDecision(tx: DbOrTx, id: number) {
  const [r] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!r) throw notFound('发票不存在');
  const [o] = await tx.select(orderCols).from(orders).where(eq(orders.id, r.orderId));
  return { r, o, state: stateOf(r, o) };
}

const numberOf = async (tx: DbOrTx, id: number | null) =>
  id === null ? null : ((await tx.select().from(invoices).where(eq(invoices.id, id)))[0] ?? null);

/**
 * The figures of the order's blue invoice as paid: domain invoiceFigures over the order lines,
 * each at its goods' tax code and rate (a goods since deleted: its scope's default).
 */
export async function blueFigures(tx: DbOrTx, orderId: number): Promise<InvoiceFigures> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const lines = await tx
    .select({
      id: orderLines.id,
      name: orderLines.goodsName,
      spec: orderLines.spec,
      unit: orderLines.unit,
      quantity: orderLines.quantity,
      payableFen: orderLines.payableFen,
      goodsId: orderLines.goodsId,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const taxes = await goodsPaperFacts(
    tx,
    lines.map((l) => l.goodsId),
  );
  const fallback = defaultTaxOf('');
  return invoiceFigures(
    lines.map(({ goodsId, ...l }) => {
      const tax = taxes.get(goodsId);
      return { ...l, taxCode: tax?.taxCode ?? fallback.code, taxRate: tax?.taxRate ?? fallback.rate };
    }),
    {
      deductionFen: order.couponFen + order.pointsFen,
      shippingFen: order.shippingFen,
      refundedFen: order.refundedFen,
    },
  );
}

/** What issuing through the demo writes (the demo data issues its invoices with it). */
export async function issuedValues(
  tx: DbOrTx,
  invoiceId: number,
  orderId: number,
  operatorId: number,
  at: Date,
) {
  const figures = await blueFigures(tx, orderId);
  return {
    status: 'issued',
    invoiceNo: invoiceNumber(invoiceId, beijingToday(at)),
    lines: figures.lines,
    amountFen: figures.amountFen,
    taxFen: figures.taxFen,
    totalFen: figures.totalFen,
    provider: 'demo',
    issuedBy: operatorId,
    issuedAt: at,
    rejectReason: null,
    updatedAt: at,
  };
}

/** The store's message when its invoice is issued. */
export const issuedNotice = (
  userId: number,
  orderNo: string,
  issued: { invoiceNo: string; totalFen: number },
  kind = 'blue',
) => ({
  userId,
  category: 'order' as const,
  title: kind === 'red' ? '红字发票已开具' : '电子发票已开具',
  body:
    kind === 'red'
      ? `订单${orderNo}因退款开具红字发票（发票号码${issued.invoiceNo}，价税合计¥${toYuan(issued.totalFen).toFixed(2)}），原发票已红冲，可在“电子发票”页查看。`
      : `订单${orderNo}的电子发票已开具（发票号码${issued.invoiceNo}，价税合计¥${toYuan(issued.totalFen).toFixed(2)}），可在“电子发票”页下载PDF。`,
  link: '/dzfp',
});

/** Writes the provider's answer on the row (and the buyer's message once issued). */
async function record(
  tx: DbOrTx,
  ctx: OperatorCtx,
  r: Row,
  o: OrderPart,
  outcome: IssueOutcome,
  provider: string,
) {
  const common = { provider, updatedAt: ctx.now };
  const set =
    outcome.state === 'issued'
      ? {
          ...common,
          status: 'issued',
          invoiceNo: outcome.invoiceNo,
          issuedAt: outcome.issuedAt,
          providerSerial: outcome.serial,
          providerPdfUrl: outcome.pdfUrl,
          providerMessage: null,
        }
      : outcome.state === 'issuing'
        ? { ...common, status: 'issuing', providerSerial: outcome.serial, providerMessage: null }
        : { ...common, status: 'failed', providerSerial: outcome.serial, providerMessage: outcome.message };
  const [row] = await tx.update(invoices).set(set).where(eq(invoices.id, r.id)).returning();
  if (outcome.state === 'issued')
    await notify(
      tx,
      issuedNotice(
        r.userId,
        o.orderNo,
        { invoiceNo: outcome.invoiceNo, totalFen: row.totalFen ?? 0 },
        r.kind,
      ),
      ctx.now,
    );
  // Money came back while the platform was issuing (the refund found no issued invoice to
  // reverse): the invoice just issued is for more than was kept, so it follows the money now.
  if (outcome.state === 'issued' && r.kind === 'blue') {
    const due = await blueFigures(tx, r.orderId);
    if (due.totalFen !== row.totalFen) await reverseInvoiceAfterRefund(tx, r.orderId, ctx.now);
  }
  return row;
}

/**
 * Issues an invoice of the queue: a blue one only when its order is paid, not cancelled, not
 * fully refunded and without an open after-sales, and after the red one of the invoice it
 * replaces; a red one at once. Its lines and amounts are fixed here.
 */
export async function issueInvoice(
  ctx: OperatorCtx,
  id: number,
  provider: InvoiceProvider,
): Promise<InvoiceView> {
  return ctx.db.transaction(async (tx) => {
    const { r, o, state } = await lockForDecision(tx, id);
    if (!invoiceIssuable(state)) throw conflict(`该发票${invoiceStateName(state)}，不能开具`);
    const original = await numberOf(tx, r.originalId);
    if (r.kind === 'blue' && original) {
      const [redOne] = await tx
        .select({ status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.kind, 'red'), eq(invoices.originalId, original.id)));
      if (redOne && redOne.status !== 'issued')
        throw conflict('请先开具原发票的红字发票，再开具新的蓝字发票');
    }
    // A red invoice keeps the lines fixed when its refund reversed the original.
    const figures =
      r.kind === 'red' && r.lines
        ? { lines: r.lines, amountFen: r.amountFen ?? 0, taxFen: r.taxFen ?? 0, totalFen: r.totalFen ?? 0 }
        : await blueFigures(tx, o.id);
    await tx
      .update(invoices)
      .set({ ...figures, issuedBy: ctx.actor.operatorId, rejectReason: null })
      .where(eq(invoices.id, r.id));
    const clerk = (await operatorNames(tx, [ctx.actor.operatorId])).get(ctx.actor.operatorId);
    const phone = await storeUserPhone(tx, r.userId);
    const request = {
      id: r.id,
      // Unique per submission at the provider: a retry after a refusal is a new request.
      requestNo: `${o.orderNo}${r.id}${r.status === 'failed' ? `R${Math.floor(ctx.now.getTime() / 1000)}` : ''}`,
      type: r.type,
      buyer: { title: r.title, taxNo: r.taxNo, phone },
      lines: figures.lines.map((l) => ({ ...l, taxCode: l.taxCode ?? defaultTaxOf('').code })),
      totalFen: figures.totalFen,
      at: ctx.now,
      clerk: clerk ?? '财务',
    };
    const outcome =
      r.kind === 'red' && original?.invoiceNo
        ? await provider.issueRed(
            {
              invoiceNo: original.invoiceNo,
              serial: original.providerSerial,
              issuedAt: original.issuedAt ?? ctx.now,
            },
            request,
          )
        : await provider.issue(request);
    const row = await record(tx, ctx, { ...r, totalFen: figures.totalFen }, o, outcome, provider.name);
    await audit(tx, ctx, {
      action: 'invoice.issue',
      target: { type: 'invoice', id },
      before: { status: r.status },
      after: {
        status: row.status,
        kind: r.kind,
        provider: provider.name,
        invoice_no: row.invoiceNo,
        total_fen: figures.totalFen,
        title: r.title,
        tax_no: r.taxNo,
        ...(row.providerMessage ? { message: row.providerMessage } : {}),
      },
    });
    return view(row, o, original?.invoiceNo ?? null);
  });
}

/** Asks the provider about an invoice it is issuing and records the answer (开具中 otherwise). */
export async function refreshInvoice(
  ctx: OperatorCtx,
  id: number,
  provider: InvoiceProvider,
): Promise<InvoiceView> {
  return ctx.db.transaction(async (tx) => {
    const { r, o } = await lockForDecision(tx, id);
    if (r.status !== 'issuing' || !r.providerSerial) throw conflict('该发票不在开具中');
    const outcome = await provider.query(r.providerSerial);
    const row = outcome.state === 'issuing' ? r : await record(tx, ctx, r, o, outcome, provider.name);
    if (row.status !== r.status)
      await audit(tx, ctx, {
        action: 'invoice.result',
        target: { type: 'invoice', id },
        before: { status: r.status },
        after: { status: row.status, invoice_no: row.invoiceNo, message: row.providerMessage },
      });
    return view(row, o, (await numberOf(tx, r.originalId))?.invoiceNo ?? null);
  });
}

/** Sends a request back to the store with the reason (a wrong title or tax number, say). */
export async function rejectInvoice(ctx: OperatorCtx, id: number, reason: string): Promise<InvoiceView> {
  return ctx.db.transaction(async (tx) => {
    const { r, o, state } = await lockForDecision(tx, id);
    if (r.kind === 'red' || !['pending', 'on_hold', 'awaiting_payment', 'failed'].includes(state))
      throw conflict(`该发票${invoiceStateName(state)}，不能退回`);
    const [row] = await tx
      .update(invoices)
      .set({ status: 'rejected', rejectReason: reason, updatedAt: ctx.now })
      .where(eq(invoices.id, id))
      .returning();
    await notify(
      tx,
      {
        userId: r.userId,
        category: 'order',
        title: '发票申请被退回',
        body: `订单${o.orderNo}的发票申请被退回：${reason}。请修改开票信息后重新提交。`,
        link: '/dzfp',
      },
      ctx.now,
    );
    await audit(tx, ctx, {
      action: 'invoice.reject',
      target: { type: 'invoice', id },
      before: { status: r.status },
      after: { status: 'rejected', reason },
    });
    return view(row, o, (await numberOf(tx, r.originalId))?.invoiceNo ?? null);
  });
}
