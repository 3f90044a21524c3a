import {
  type AdminInvoiceView,
  beijingDateOf,
  type InvoiceKind,
  type InvoiceRequestBody,
  type InvoiceState,
  type InvoiceStatus,
  type InvoiceView,
  invoiceEditable,
  invoiceKindName,
  invoiceState,
  invoiceStateName,
  invoiceStates,
  invoiceTypeName,
  type OrderStatus,
  orderStatusLabels,
  toYuan,
} from '@yaocai/domain';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { invoices, orders } from '../../db/schema/order';
import type { BuyerCtx, OperatorCtx } from '../../lib/context';
import { conflict, notFound, refusal } from '../../lib/errors';
import { storeUserFacts } from '../account/store-facts';
import { operatorNames } from '../operator/names';
import { readSettings } from '../settings/read';
import { renderInvoicePdf } from './pdf';

// 电子发票: one live blue invoice per order. The store asks (at step 2 through the order, or on
// /dzfp), may correct the title or tax number until it is issued; finance issues it (issue.ts)
// once the order is paid and no after-sales is open, or sends it back with a reason. A refund
// after issuing reverses it (reversal.ts): a red invoice and, for a partial refund, a new blue
// one for what remains. See README.md.

export type Row = typeof invoices.$inferSelect;
/** The blue invoice a red one reverses (or a new blue one replaces): its number. */
const original = alias(invoices, 'original');
const originalNo = { originalNo: original.invoiceNo };
export const orderCols = {
  id: orders.id,
  orderNo: orders.orderNo,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  totalFen: orders.totalFen,
  refundedFen: orders.refundedFen,
};
export type OrderPart = { [K in keyof typeof orderCols]: (typeof orders.$inferSelect)[K] };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const netFen = (o: OrderPart) => o.totalFen - o.refundedFen;
export const stateOf = (r: Row, o: OrderPart): InvoiceState =>
  invoiceState(
    r.status as InvoiceStatus,
    { status: o.status as OrderStatus, paid: o.paidAt !== null, netFen: netFen(o) },
    r.kind as InvoiceKind,
  );
export const invoicePdfPath = (id: number) => `/api/user/invoices/${id}/pdf`;
const hasDocument = (r: Row) => (r.status === 'issued' || r.status === 'reversed') && r.invoiceNo !== null;

export function view(r: Row, o: OrderPart, originalNo: string | null, pdfPath = invoicePdfPath): InvoiceView {
  const state = stateOf(r, o);
  return {
    id: r.id,
    kind: r.kind as InvoiceKind,
    kind_name: invoiceKindName(r.kind),
    original_invoice_no: originalNo,
    order_id: o.id,
    order_no: o.orderNo,
    order_status_label: orderStatusLabels[o.status as OrderStatus] ?? o.status,
    ordered_at: seconds(o.createdAt),
    type: r.type,
    type_name: invoiceTypeName(r.type),
    title: r.title,
    tax_no: r.taxNo,
    total: toYuan(r.totalFen ?? Math.max(0, netFen(o))),
    state,
    state_name: invoiceStateName(state),
    hint:
      state === 'failed' && r.providerMessage
        ? r.providerMessage
        : (invoiceStates.find((s) => s.code === state)?.hint ?? ''),
    editable: invoiceEditable(state),
    reject_reason: r.status === 'rejected' ? r.rejectReason : null,
    invoice_no: r.invoiceNo,
    issued_at: r.issuedAt ? seconds(r.issuedAt) : null,
    amount: r.amountFen === null ? null : toYuan(r.amountFen),
    tax: r.taxFen === null ? null : toYuan(r.taxFen),
    lines: (r.lines ?? []).map((l) => ({
      name: l.name,
      spec: l.spec,
      unit: l.unit,
      quantity: l.quantity,
      rate: l.rate,
      amount: toYuan(l.amountFen),
      tax: toYuan(l.taxFen),
      total: toYuan(l.totalFen),
    })),
    pdf: hasDocument(r) ? (r.providerPdfUrl ?? pdfPath(r.id)) : null,
  };
}

const net = sql`${orders.totalFen} - ${orders.refundedFen}`;
const blue = eq(invoices.kind, 'blue');
const red = eq(invoices.kind, 'red');
const held = inArray(orders.status, ['after_sale_requested', 'after_sale_approved']);
const voided = or(eq(orders.status, 'cancelled'), and(isNotNull(orders.paidAt), sql`${net} <= 0`));
const live = and(ne(orders.status, 'cancelled'), or(isNull(orders.paidAt), sql`${net} > 0`));

/** The SQL form of invoiceState: which rows show in a state (the list filters). */
function stateWhere(state: InvoiceState): SQL | undefined {
  switch (state) {
    case 'issued':
    case 'reversed':
    case 'issuing':
      return eq(invoices.status, state);
    case 'failed':
      return and(eq(invoices.status, 'failed'), or(red, live));
    case 'void':
      return and(blue, inArray(invoices.status, ['requested', 'rejected', 'failed']), voided);
    case 'rejected':
      return and(eq(invoices.status, 'rejected'), blue, live);
    case 'awaiting_payment':
      return and(
        eq(invoices.status, 'requested'),
        blue,
        isNull(orders.paidAt),
        ne(orders.status, 'cancelled'),
      );
    case 'on_hold':
      return and(eq(invoices.status, 'requested'), blue, isNotNull(orders.paidAt), sql`${net} > 0`, held);
    case 'pending':
      return and(
        eq(invoices.status, 'requested'),
        or(
          red,
          and(isNotNull(orders.paidAt), sql`${net} > 0`, ne(orders.status, 'cancelled'), sql`not ${held}`),
        ),
      );
  }
}

export async function myInvoices(
  ctx: BuyerCtx,
  q: { state?: InvoiceState; page: number; page_size: number },
) {
  const where = and(eq(invoices.userId, ctx.actor.userId), q.state ? stateWhere(q.state) : undefined);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ r: invoices, o: orderCols, ...originalNo })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .leftJoin(original, eq(original.id, invoices.originalId))
      .where(where)
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db
      .select({ n: count() })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .where(where),
  ]);
  return {
    list: rows.map((x) => view(x.r, x.o, x.originalNo)),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}

/** Paid, live orders of the store without an invoice: what the request form offers. */
export async function invoiceableOrders(ctx: BuyerCtx) {
  const rows = await ctx.db
    .select({
      id: orders.id,
      orderNo: orders.orderNo,
      totalFen: orders.totalFen,
      refundedFen: orders.refundedFen,
      createdAt: orders.createdAt,
    })
    .from(orders)
    .leftJoin(invoices, eq(invoices.orderId, orders.id))
    .where(
      and(
        eq(orders.userId, ctx.actor.userId),
        isNull(invoices.id),
        isNotNull(orders.paidAt),
        ne(orders.status, 'cancelled'),
        sql`${net} > 0`,
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(100);
  return rows.map((o) => ({
    id: o.id,
    order_no: o.orderNo,
    total: toYuan(o.totalFen - o.refundedFen),
    ordered_at: seconds(o.createdAt),
  }));
}

/**
 * Asks for the invoice of one of the store's orders, or corrects a request not yet issued (a
 * returned one goes back to finance). Another store's order is 404; a cancelled or fully refunded
 * order, or an issued invoice, is refused. The order keeps the request it shows on its detail.
 */
export async function requestInvoice(ctx: BuyerCtx, body: InvoiceRequestBody): Promise<InvoiceView> {
  return ctx.db.transaction(async (tx) => {
    const [o] = await tx
      .select(orderCols)
      .from(orders)
      .where(and(eq(orders.id, body.order_id), eq(orders.userId, ctx.actor.userId)))
      .for('update');
    if (!o) throw notFound('订单不存在');
    if (o.status === 'cancelled') throw refusal('订单已取消，不能开具发票', 422);
    if (o.paidAt && netFen(o) <= 0) throw refusal('订单已全额退款，不能开具发票', 422);
    const values = { type: body.type, title: body.title, taxNo: body.tax_no };
    const [row] = await tx
      .insert(invoices)
      .values({ ...values, orderId: o.id, userId: ctx.actor.userId, createdAt: ctx.now, updatedAt: ctx.now })
      .onConflictDoUpdate({
        target: invoices.orderId,
        targetWhere: sql`${invoices.kind} = 'blue' and ${invoices.status} <> 'reversed'`,
        set: {
          ...values,
          status: 'requested',
          rejectReason: null,
          providerMessage: null,
          updatedAt: ctx.now,
        },
        setWhere: inArray(invoices.status, ['requested', 'rejected', 'failed']),
      })
      .returning();
    if (!row) throw conflict('发票已开具或正在开具，不能修改开票信息');
    await tx
      .update(orders)
      .set({
        invoice: { type: body.type, title: body.title, ...(body.tax_no ? { taxNo: body.tax_no } : {}) },
        // The ERP's order feed lists the order again with its new invoice request.
        updatedAt: new Date(),
      })
      .where(eq(orders.id, o.id));
    const [replaces] = row.originalId
      ? await tx.select({ no: invoices.invoiceNo }).from(invoices).where(eq(invoices.id, row.originalId))
      : [];
    return view(row, o, replaces?.no ?? null);
  });
}

/** Writes the invoice row a checkout asked for, in the order's transaction. */
export async function createCheckoutInvoice(
  tx: DbOrTx,
  order: { id: number; userId: number },
  invoice: { type: number; title: string; taxNo?: string },
  now: Date,
) {
  await tx.insert(invoices).values({
    orderId: order.id,
    userId: order.userId,
    type: invoice.type,
    title: invoice.title,
    taxNo: invoice.taxNo ?? '',
    createdAt: now,
    updatedAt: now,
  });
}

async function pdfOf(db: DbOrTx, r: Row, orderNo: string, reverses: string | null) {
  if (!hasDocument(r) || !r.invoiceNo || !r.lines || !r.issuedAt) throw refusal('发票尚未开具', 409);
  const [settings, issuers] = await Promise.all([readSettings(db), operatorNames(db, [r.issuedBy])]);
  const issuer = r.issuedBy === null ? undefined : issuers.get(r.issuedBy);
  const footer = settings.footer;
  const bytes = await renderInvoicePdf({
    type: r.type,
    invoiceNo: r.invoiceNo,
    issuedOn: beijingDateOf(r.issuedAt),
    buyer: { title: r.title, taxNo: r.taxNo },
    seller: {
      name: footer.company,
      taxNo:
        footer.licences.find((l) => l.name.includes('营业执照') || l.name.includes('信用代码'))?.number ?? '',
      address: footer.address,
    },
    lines: r.lines,
    amountFen: r.amountFen ?? 0,
    taxFen: r.taxFen ?? 0,
    totalFen: r.totalFen ?? 0,
    orderNo,
    issuer: issuer ?? '财务',
    reverses: r.kind === 'red' ? (reverses ?? undefined) : undefined,
    demo: (r.provider ?? 'demo') === 'demo',
  });
  return { bytes, name: `电子发票_${r.invoiceNo}.pdf` };
}

/** The PDF of one of the store's issued invoices (another store's: 404). */
export async function myInvoicePdf(ctx: BuyerCtx, id: number) {
  const [x] = await ctx.db
    .select({ r: invoices, orderNo: orders.orderNo, ...originalNo })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(original, eq(original.id, invoices.originalId))
    .where(and(eq(invoices.id, id), eq(invoices.userId, ctx.actor.userId)));
  if (!x) throw notFound('发票不存在');
  return pdfOf(ctx.db, x.r, x.orderNo, x.originalNo);
}

export async function adminInvoicePdf(ctx: OperatorCtx, id: number) {
  const [x] = await ctx.db
    .select({ r: invoices, orderNo: orders.orderNo, ...originalNo })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .leftJoin(original, eq(original.id, invoices.originalId))
    .where(eq(invoices.id, id));
  if (!x) throw notFound('发票不存在');
  return pdfOf(ctx.db, x.r, x.orderNo, x.originalNo);
}

export const adminPdfPath = (id: number) => `/api/admin/invoices/${id}/pdf`;

/** Finance's list (发票管理): filter by state, search order number, title, store, phone, number. */
export async function invoiceInbox(
  ctx: OperatorCtx,
  q: { state?: InvoiceState; keyword?: string; page: number; page_size: number },
) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const users = storeUserFacts(ctx.db);
  const where = and(
    q.state ? stateWhere(q.state) : undefined,
    like
      ? or(
          ilike(orders.orderNo, like),
          ilike(invoices.title, like),
          ilike(invoices.invoiceNo, like),
          ilike(users.storeName, like),
          ilike(users.phone, like),
        )
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({
        r: invoices,
        o: orderCols,
        ...originalNo,
        storeName: users.storeName,
        phone: users.phone,
        companyName: users.companyName,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .leftJoin(original, eq(original.id, invoices.originalId))
      .where(where)
      // The queue is worked oldest first; other lists show the newest first.
      .orderBy(...(q.state === 'pending' ? [asc(invoices.id)] : [desc(invoices.id)]))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    ctx.db
      .select({ n: count() })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .where(where),
  ]);
  const issuers = await operatorNames(
    ctx.db,
    rows.map((x) => x.r.issuedBy),
  );
  return {
    list: rows.map(
      (x): AdminInvoiceView => ({
        ...view(x.r, x.o, x.originalNo, adminPdfPath),
        store_name: x.storeName,
        phone: x.phone,
        company_name: x.companyName,
        issued_by: x.r.issuedBy === null ? null : (issuers.get(x.r.issuedBy) ?? null),
      }),
    ),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}
