import {
  addDays,
  beijingDateOf,
  beijingStartOf,
  beijingToday,
  type GspSalesQuery,
  toYuan,
} from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import type { OperatorCtx } from '../../lib/context';
import { refusal } from '../../lib/errors';
import { newWorkbook, xlsxBytes } from '../../lib/spreadsheet';
import { companyFacts, lockCompany } from '../account/store-facts';
import { ephedrineSalesByCompany, ephedrineUnitsSince } from '../order/line-facts';

// 含麻黄碱类复方制剂 (ephedrine-type goods): the per-period purchase limit of a buyer company, the
// payment rule, and the operator's report of sales per buyer. The per-order limit and the signed
// receipt are the order module's (checkout.ts, after-sales.ts).

/** The first instant of a `days`-day window ending today (Beijing calendar days). */
const windowStart = (now: Date, days: number) => beijingStartOf(addDays(beijingToday(now), -(days - 1)));

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
  if (lock) await lockCompany(db, companyId);
  const ordered = await ephedrineUnitsSince(db, companyId, windowStart(now, period.days));
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
  const sales = await ephedrineSalesByCompany(
    ctx.db,
    beijingStartOf(q.from),
    beijingStartOf(addDays(q.to, 1)),
  );
  const companies = await companyFacts(
    ctx.db,
    sales.map((r) => r.companyId),
  );
  // A sale counts only for a company that exists (the report joined them).
  const rows = sales.flatMap((r) => {
    const company = companies.get(r.companyId);
    return company ? [{ ...r, company: company.name, type: company.type }] : [];
  });
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
