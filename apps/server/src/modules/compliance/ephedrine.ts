import {
  addDays,
  beijingDateOf,
  beijingStartOf,
  beijingToday,
  type GspSalesQuery,
  toYuan,
} from '@yaocai/domain';
import { and, asc, countDistinct, eq, gte, lt, ne, sql, sum } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { companies } from '../../db/schema/account';
import { orderLines, orders } from '../../db/schema/order';
import type { OperatorCtx } from '../../lib/context';
import { refusal } from '../../lib/errors';
import { newWorkbook, xlsxBytes } from '../../lib/spreadsheet';

// 含麻黄碱类复方制剂 (ephedrine-type goods): the per-period purchase limit of a buyer company, the
// payment rule, and the operator's report of sales per buyer. The per-order limit and the signed
// receipt are the order module's (checkout.ts, after-sales.ts).

/** The first instant of a `days`-day window ending today (Beijing calendar days). */
const windowStart = (now: Date, days: number) => beijingStartOf(addDays(beijingToday(now), -(days - 1)));

/** 含麻 units a company ordered since `since` (orders not cancelled). */
async function unitsSince(db: DbOrTx, companyId: number, since: Date): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(
      and(
        eq(orders.companyId, companyId),
        eq(orderLines.ephedrine, true),
        ne(orders.status, 'cancelled'),
        gte(orders.createdAt, since),
      ),
    );
  return row?.units ?? 0;
}

/**
 * Refuses an order whose 含麻 units would take the company past its limit for the period. In the
 * order's transaction the company row is locked first, so two stores of one company ordering at
 * once are counted one after the other.
 */
export async function assertEphedrinePeriod(
  db: DbOrTx,
  now: Date,
  companyId: number,
  units: number,
  period: { days: number; limit: number },
  lock = false,
) {
  if (units === 0 || period.days === 0) return;
  if (lock)
    await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for('update');
  const ordered = await unitsSince(db, companyId, windowStart(now, period.days));
  if (ordered + units > period.limit)
    throw refusal(
      `含麻黄碱类复方制剂每${period.days}天限购${period.limit}件，贵单位近${period.days}天已购${ordered}件，本单${units}件`,
    );
}

/** Refuses credit and online payment of a 含麻 order when 站点设置 says wallet only. */
export function assertEphedrinePayment(order: { ephedrine: boolean }, walletOnly: boolean) {
  if (order.ephedrine && walletOnly) throw refusal('含麻药品订单仅支持余额支付，请使用余额支付');
}

/** 含麻 sales per buyer company between two Beijing dates (orders not cancelled). */
export async function ephedrineReport(ctx: OperatorCtx, q: GspSalesQuery) {
  const rows = await ctx.db
    .select({
      companyId: companies.id,
      company: companies.name,
      type: companies.type,
      orders: countDistinct(orders.id),
      units: sum(orderLines.quantity).mapWith(Number),
      amountFen: sum(orderLines.payableFen).mapWith(Number),
      first: sql<Date>`min(${orders.createdAt})`.mapWith((v) => new Date(v)),
      last: sql<Date>`max(${orders.createdAt})`.mapWith((v) => new Date(v)),
    })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .innerJoin(companies, eq(companies.id, orders.companyId))
    .where(
      and(
        eq(orderLines.ephedrine, true),
        ne(orders.status, 'cancelled'),
        gte(orders.createdAt, beijingStartOf(q.from)),
        lt(orders.createdAt, beijingStartOf(addDays(q.to, 1))),
      ),
    )
    .groupBy(companies.id, companies.name, companies.type)
    .orderBy(sql`sum(${orderLines.quantity}) desc`, asc(companies.id));
  return rows.map((r) => ({
    company_id: r.companyId,
    company: r.company,
    company_type: r.type,
    orders: r.orders,
    units: r.units,
    amount: toYuan(r.amountFen),
    first_order_on: beijingDateOf(r.first),
    last_order_on: beijingDateOf(r.last),
  }));
}

export async function ephedrineReportWorkbook(ctx: OperatorCtx, q: GspSalesQuery) {
  const rows = await ephedrineReport(ctx, q);
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('含麻药品销售', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = [
    { header: '购货单位', width: 30 },
    { header: '订单数', width: 8 },
    { header: '数量（件）', width: 10 },
    { header: '金额（元）', width: 12 },
    { header: '首次下单', width: 12 },
    { header: '最近下单', width: 12 },
  ];
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow([r.company, r.orders, r.units, r.amount, r.first_order_on, r.last_order_on]);
  return {
    bytes: await xlsxBytes(workbook),
    name: `含麻药品销售_${q.from}_${q.to}.xlsx`,
  };
}
