import {
  addDays,
  beijingDateOf,
  beijingStartOf,
  type GspSalesQuery,
  type StockMismatchView,
  toYuan,
} from '@yaocai/domain';
import { and, asc, count, desc, eq, gte, lt } from 'drizzle-orm';
import { orderLineBatches, traceCodeFlags } from '../../db/schema/compliance';
import type { OperatorCtx } from '../../lib/context';
import { fieldError } from '../../lib/errors';
import { newWorkbook, xlsxBytes } from '../../lib/spreadsheet';
import { companyFacts } from '../account/store-facts';
import { goodsPaperFacts } from '../catalog/goods-facts';
import { stockBatchMismatches } from '../catalog/queries';
import { operatorNames } from '../operator/names';
import { orderLineFacts, orderNumbers, shipmentFacts } from '../order/line-facts';
import { unitsHeldByOpenOrders } from '../order/stock';

// The GSP sales record (销售记录: goods, specification, maker, approval number, batch, dates,
// buyer, quantity, price, date) for a date range, one row per batch a shipped line took, and the
// trace codes offered twice, and the goods whose stock disagrees with its batches. Read-only: the records themselves cannot change (db/sql/060).

const COLUMNS = [
  ['销售日期', 12],
  ['订单号', 20],
  ['购货单位', 28],
  ['品名', 24],
  ['通用名', 20],
  ['规格', 14],
  ['生产企业', 26],
  ['批准文号', 20],
  ['批号', 14],
  ['生产日期', 12],
  ['有效期至', 12],
  ['单位', 6],
  ['数量', 8],
  ['单价（元）', 10],
  ['金额（元）', 12],
  ['收货地址', 40],
] as const;

/** The most rows one export writes (a spreadsheet, built in memory). */
export const MAX_RECORD_ROWS = 100_000;

/** The GSP sales record of the goods shipped between two Beijing dates, as .xlsx. */
export async function gspSalesWorkbook(ctx: OperatorCtx, q: GspSalesQuery) {
  const shipments = shipmentFacts(ctx.db);
  const lines = orderLineFacts(ctx.db);
  const shipped = await ctx.db
    .select({
      shippedAt: shipments.shippedAt,
      orderNo: lines.orderNo,
      address: lines.address,
      companyId: lines.companyId,
      goodsId: lines.goodsId,
      name: lines.goodsName,
      spec: lines.spec,
      manufacturer: lines.manufacturer,
      unit: lines.unit,
      unitPriceFen: lines.unitPriceFen,
      batchNo: orderLineBatches.batchNo,
      producedOn: orderLineBatches.producedOn,
      expiresOn: orderLineBatches.expiresOn,
      quantity: orderLineBatches.quantity,
    })
    .from(orderLineBatches)
    .innerJoin(shipments, eq(shipments.id, orderLineBatches.shipmentId))
    .innerJoin(lines, eq(lines.lineId, orderLineBatches.orderLineId))
    .where(
      and(
        gte(shipments.shippedAt, beijingStartOf(q.from)),
        lt(shipments.shippedAt, beijingStartOf(addDays(q.to, 1))),
      ),
    )
    .orderBy(asc(shipments.shippedAt), asc(lines.lineId), asc(orderLineBatches.id))
    .limit(MAX_RECORD_ROWS + 1);
  if (shipped.length > MAX_RECORD_ROWS)
    throw fieldError('to', `该期间的记录超过${MAX_RECORD_ROWS}行，请缩短日期范围分次导出`);
  const [buyers, goodsFacts] = await Promise.all([
    companyFacts(
      ctx.db,
      shipped.map((r) => r.companyId),
    ),
    goodsPaperFacts(
      ctx.db,
      shipped.map((r) => r.goodsId),
    ),
  ]);
  const rows = shipped.map((r) => ({
    ...r,
    buyer: buyers.get(r.companyId)?.name,
    commonName: goodsFacts.get(r.goodsId)?.commonName,
    approvalNo: goodsFacts.get(r.goodsId)?.approvalNo,
  }));
  const workbook = newWorkbook();
  const sheet = workbook.addWorksheet('销售记录', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = COLUMNS.map(([header, width]) => ({ header, width }));
  sheet.getRow(1).font = { bold: true };
  for (const r of rows)
    sheet.addRow([
      beijingDateOf(r.shippedAt),
      r.orderNo,
      r.buyer ?? '',
      r.name,
      r.commonName ?? '',
      r.spec,
      r.manufacturer,
      r.approvalNo ?? '',
      r.batchNo,
      r.producedOn,
      r.expiresOn,
      r.unit,
      r.quantity,
      toYuan(r.unitPriceFen),
      toYuan(r.unitPriceFen * r.quantity),
      `${r.address.province}${r.address.city}${r.address.district}${r.address.detail}`,
    ]);
  return {
    bytes: await xlsxBytes(workbook),
    name: `GSP销售记录_${q.from}_${q.to}.xlsx`,
    rows: rows.length,
  };
}

/** The trace codes offered twice, newest first. */
export async function traceCodeFlagList(ctx: OperatorCtx, page: number, pageSize: number) {
  const [flags, [{ total }]] = await Promise.all([
    ctx.db
      .select()
      .from(traceCodeFlags)
      .orderBy(desc(traceCodeFlags.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ total: count() }).from(traceCodeFlags),
  ]);
  const [numbers, operators] = await Promise.all([
    orderNumbers(
      ctx.db,
      flags.flatMap((f) => [f.orderId, f.shippedOrderId]),
    ),
    operatorNames(
      ctx.db,
      flags.map((f) => f.operatorId),
    ),
  ]);
  return {
    list: flags.map((f) => ({
      id: f.id,
      code: f.code,
      order_id: f.orderId,
      order_no: numbers.get(f.orderId) ?? '',
      shipped_order_id: f.shippedOrderId,
      shipped_order_no: numbers.get(f.shippedOrderId) ?? '',
      operator_name: f.operatorId === null ? null : (operators.get(f.operatorId) ?? null),
      created_at: Math.floor(f.createdAt.getTime() / 1000),
    })),
    total,
    page,
    page_size: pageSize,
  };
}

/**
 * The goods whose stock in a warehouse disagrees with its batches (stock + units held by
 * unshipped orders != sum of batch quantities; catalog/README.md): 质量记录 warns of each.
 */
export async function stockMismatchList(ctx: OperatorCtx): Promise<StockMismatchView[]> {
  const rows = await stockBatchMismatches(ctx.db, await unitsHeldByOpenOrders(ctx.db));
  return rows.map((r) => ({
    goods_id: r.goodsId,
    goods_name: r.goodsName,
    spec: r.spec,
    warehouse_id: r.warehouseId,
    warehouse: r.warehouse,
    stock: r.stock,
    held: r.held,
    batch_total: r.batchTotal,
    difference: r.batchTotal - r.stock - r.held,
  }));
}
