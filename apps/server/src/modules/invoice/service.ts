import {
  type AdminInvoiceView,
  beijingDateOf,
  beijingToday,
  type InvoiceRequestBody,
  type InvoiceState,
  type InvoiceStatus,
  type InvoiceView,
  invoiceEditable,
  invoiceFigures,
  invoiceIssuable,
  invoiceNumber,
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
import type { DbOrTx } from '../../db/client';
import { companies, goods, invoices, operators, orderLines, orders, users } from '../../db/schema';
import type { BuyerCtx, OperatorCtx } from '../../lib/context';
import { conflict, notFound, refusal } from '../../lib/errors';
import { audit } from '../audit/service';
import { notify } from '../message/service';
import { readSettings } from '../settings/service';
import { renderInvoicePdf } from './pdf';

// 电子发票: one invoice per order. The store asks (at step 2 through the order, or on /dzfp),
// may correct the title or tax number until it is issued; finance issues it once the order is
// paid and no after-sales is open, which fixes its number, lines and amounts; or sends it back
// with a reason. Each decision writes the store's message and finance's audit row.

type Row = typeof invoices.$inferSelect;
const orderCols = {
  id: orders.id,
  orderNo: orders.orderNo,
  status: orders.status,
  createdAt: orders.createdAt,
  paidAt: orders.paidAt,
  totalFen: orders.totalFen,
  refundedFen: orders.refundedFen,
};
type OrderPart = { [K in keyof typeof orderCols]: (typeof orders.$inferSelect)[K] };

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
const netFen = (o: OrderPart) => o.totalFen - o.refundedFen;
const stateOf = (r: Row, o: OrderPart): InvoiceState =>
  invoiceState(r.status as InvoiceStatus, {
    status: o.status as OrderStatus,
    paid: o.paidAt !== null,
    netFen: netFen(o),
  });
export const invoicePdfPath = (id: number) => `/api/user/invoices/${id}/pdf`;

function view(r: Row, o: OrderPart, pdfPath = invoicePdfPath): InvoiceView {
  const state = stateOf(r, o);
  return {
    id: r.id,
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
    hint: invoiceStates.find((s) => s.code === state)?.hint ?? '',
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
    pdf: r.status === 'issued' ? pdfPath(r.id) : null,
  };
}

const HELD: OrderStatus[] = ['after_sale_requested', 'after_sale_approved'];
const net = sql`${orders.totalFen} - ${orders.refundedFen}`;

/** The SQL form of invoiceState: which rows show in a state (the list filters). */
function stateWhere(state: InvoiceState): SQL | undefined {
  const live = and(ne(orders.status, 'cancelled'), or(isNull(orders.paidAt), sql`${net} > 0`));
  switch (state) {
    case 'issued':
      return eq(invoices.status, 'issued');
    case 'void':
      return and(
        ne(invoices.status, 'issued'),
        or(eq(orders.status, 'cancelled'), and(isNotNull(orders.paidAt), sql`${net} <= 0`)),
      );
    case 'rejected':
      return and(eq(invoices.status, 'rejected'), live);
    case 'awaiting_payment':
      return and(eq(invoices.status, 'requested'), isNull(orders.paidAt), ne(orders.status, 'cancelled'));
    case 'on_hold':
      return and(
        eq(invoices.status, 'requested'),
        isNotNull(orders.paidAt),
        sql`${net} > 0`,
        inArray(orders.status, HELD),
      );
    case 'pending':
      return and(
        eq(invoices.status, 'requested'),
        isNotNull(orders.paidAt),
        sql`${net} > 0`,
        ne(orders.status, 'cancelled'),
        sql`${orders.status} not in ('after_sale_requested', 'after_sale_approved')`,
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
      .select({ r: invoices, o: orderCols })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
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
    list: rows.map((x) => view(x.r, x.o)),
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
        set: { ...values, status: 'requested', rejectReason: null, updatedAt: ctx.now },
        setWhere: ne(invoices.status, 'issued'),
      })
      .returning();
    if (!row) throw conflict('发票已开具，不能修改开票信息');
    await tx
      .update(orders)
      .set({
        invoice: { type: body.type, title: body.title, ...(body.tax_no ? { taxNo: body.tax_no } : {}) },
      })
      .where(eq(orders.id, o.id));
    return view(row, o);
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

async function pdfOf(db: DbOrTx, r: Row, orderNo: string) {
  if (r.status !== 'issued' || !r.invoiceNo || !r.lines || !r.issuedAt) throw refusal('发票尚未开具', 409);
  const [settings, [issuer]] = await Promise.all([
    readSettings(db),
    db
      .select({ name: operators.name })
      .from(operators)
      .where(eq(operators.id, r.issuedBy ?? 0)),
  ]);
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
    issuer: issuer?.name ?? '财务',
  });
  return { bytes, name: `电子发票_${r.invoiceNo}.pdf` };
}

/** The PDF of one of the store's issued invoices (another store's: 404). */
export async function myInvoicePdf(ctx: BuyerCtx, id: number) {
  const [x] = await ctx.db
    .select({ r: invoices, orderNo: orders.orderNo })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(and(eq(invoices.id, id), eq(invoices.userId, ctx.actor.userId)));
  if (!x) throw notFound('发票不存在');
  return pdfOf(ctx.db, x.r, x.orderNo);
}

export async function adminInvoicePdf(ctx: OperatorCtx, id: number) {
  const [x] = await ctx.db
    .select({ r: invoices, orderNo: orders.orderNo })
    .from(invoices)
    .innerJoin(orders, eq(orders.id, invoices.orderId))
    .where(eq(invoices.id, id));
  if (!x) throw notFound('发票不存在');
  return pdfOf(ctx.db, x.r, x.orderNo);
}

const adminPdfPath = (id: number) => `/api/admin/invoices/${id}/pdf`;

/** Finance's list (发票管理): filter by state, search order number, title, store, phone, number. */
export async function invoiceInbox(
  ctx: OperatorCtx,
  q: { state?: InvoiceState; keyword?: string; page: number; page_size: number },
) {
  const like = q.keyword ? `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
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
        storeName: users.storeName,
        phone: users.phone,
        companyName: companies.name,
        issuedBy: operators.name,
      })
      .from(invoices)
      .innerJoin(orders, eq(orders.id, invoices.orderId))
      .innerJoin(users, eq(users.id, invoices.userId))
      .innerJoin(companies, eq(companies.id, users.companyId))
      .leftJoin(operators, eq(operators.id, invoices.issuedBy))
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
  return {
    list: rows.map(
      (x): AdminInvoiceView => ({
        ...view(x.r, x.o, adminPdfPath),
        store_name: x.storeName,
        phone: x.phone,
        company_name: x.companyName,
        issued_by: x.issuedBy,
      }),
    ),
    total: total?.n ?? 0,
    page: q.page,
    page_size: q.page_size,
  };
}

async function lockForDecision(tx: DbOrTx, id: number) {
  const [r] = await tx.select().from(invoices).where(eq(invoices.id, id)).for('update');
  if (!r) throw notFound('发票不存在');
  const [o] = await tx.select(orderCols).from(orders).where(eq(orders.id, r.orderId));
  return { r, o, state: stateOf(r, o) };
}

/**
 * What issuing writes on an invoice: its number and its lines as the order was paid (domain
 * invoiceFigures over the order lines, the goods kind deciding the tax rate), fixed from now on.
 * The console's issue and the demo data both go through it.
 */
export async function issuedValues(
  tx: DbOrTx,
  invoiceId: number,
  orderId: number,
  operatorId: number,
  at: Date,
) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const lines = await tx
    .select({
      id: orderLines.id,
      name: orderLines.goodsName,
      spec: orderLines.spec,
      unit: orderLines.unit,
      quantity: orderLines.quantity,
      payableFen: orderLines.payableFen,
      kind: goods.kind,
    })
    .from(orderLines)
    .leftJoin(goods, eq(goods.id, orderLines.goodsId))
    .where(eq(orderLines.orderId, orderId))
    .orderBy(asc(orderLines.id));
  const figures = invoiceFigures(
    lines.map((l) => ({ ...l, kind: l.kind ?? 'drug' })),
    {
      deductionFen: order.couponFen + order.pointsFen,
      shippingFen: order.shippingFen,
      refundedFen: order.refundedFen,
    },
  );
  return {
    status: 'issued',
    invoiceNo: invoiceNumber(invoiceId, beijingToday(at)),
    lines: figures.lines,
    amountFen: figures.amountFen,
    taxFen: figures.taxFen,
    totalFen: figures.totalFen,
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
) => ({
  userId,
  category: 'order' as const,
  title: '电子发票已开具',
  body: `订单${orderNo}的电子发票已开具（发票号码${issued.invoiceNo}，价税合计¥${toYuan(issued.totalFen).toFixed(2)}），可在“电子发票”页下载PDF。`,
  link: '/dzfp',
});

/**
 * Issues an invoice: only when its order is paid, not cancelled, not fully refunded and without
 * an open after-sales. Its lines are the order's as paid (domain invoiceFigures), fixed here.
 */
export async function issueInvoice(ctx: OperatorCtx, id: number): Promise<InvoiceView> {
  return ctx.db.transaction(async (tx) => {
    const { r, o, state } = await lockForDecision(tx, id);
    if (!invoiceIssuable(state)) throw conflict(`该发票${invoiceStateName(state)}，不能开具`);
    const issued = await issuedValues(tx, r.id, o.id, ctx.actor.operatorId, ctx.now);
    const [row] = await tx.update(invoices).set(issued).where(eq(invoices.id, id)).returning();
    await notify(tx, issuedNotice(r.userId, o.orderNo, issued), ctx.now);
    await audit(tx, ctx, {
      action: 'invoice.issue',
      target: { type: 'invoice', id },
      before: { status: r.status },
      after: {
        status: 'issued',
        invoice_no: issued.invoiceNo,
        total_fen: issued.totalFen,
        title: r.title,
        tax_no: r.taxNo,
      },
    });
    return view(row, o);
  });
}

/** Sends a request back to the store with the reason (a wrong title or tax number, say). */
export async function rejectInvoice(ctx: OperatorCtx, id: number, reason: string): Promise<InvoiceView> {
  return ctx.db.transaction(async (tx) => {
    const { r, o, state } = await lockForDecision(tx, id);
    if (state === 'issued' || state === 'void' || state === 'rejected')
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
    return view(row, o);
  });
}
