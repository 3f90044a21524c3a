import {
  type FieldErrors,
  type OpenBatchResult,
  type OpenItemResult,
  type OpenStockItem,
  openStockItem,
} from '@yaocai/domain';
import type { DbOrTx } from '../../db/client';
import type { OperatorCtx } from '../../lib/context';
import { type AuditRecord, auditMany } from '../audit/service';
import { goodsChanged } from '../catalog/admin-goods';
import {
  type BatchRecord,
  goodsIdsByErpCode,
  lockStockOf,
  warehouseCodes,
  writeCountedStock,
} from '../catalog/erp-stock';
import { backInStockNews } from '../message/favourite-news';
import { issueFields, summarise } from './batch';

// Stock from the ERP: per goods and warehouse, the batches it holds, SET to what the ERP says.
// The ERP counts what stands in the warehouse, units of open (unshipped) orders included, so the
// sellable stock moves by the change of that count (catalog/README.md: goods_stock + units held
// by open orders = sum of the batches). A count below what open orders hold fails that item:
// those units are sold. Goods rows are locked first, as orders lock them (order/stock.ts).

type Input = { index: number; erpCode: string | null; raw: unknown };
interface Planned {
  index: number;
  item: OpenStockItem;
  goodsId: number;
  warehouseId: number;
}

const pairKey = (goodsId: number, warehouseId: number) => `${goodsId}:${warehouseId}`;

export async function setStock(ctx: OperatorCtx, inputs: Input[]): Promise<OpenBatchResult> {
  const results: OpenItemResult[] = [];
  const fail = (index: number, erpCode: string | null, errors: FieldErrors) =>
    results.push({ index, erp_code: erpCode, status: 'failed', errors });
  const parsed: { index: number; item: OpenStockItem }[] = [];
  for (const input of inputs) {
    const check = openStockItem.safeParse(input.raw);
    if (check.success) parsed.push({ index: input.index, item: check.data });
    else fail(input.index, input.erpCode, issueFields(check.error));
  }
  if (parsed.length === 0) return summarise(results);

  const codes = [...new Set(parsed.map((p) => p.item.erp_code))];
  const [goodsRows, warehouseRows] = await Promise.all([
    goodsIdsByErpCode(ctx.db, codes),
    warehouseCodes(ctx.db),
  ]);
  const goodsOf = new Map(goodsRows.map((g) => [g.erpCode as string, g.id]));
  const warehouseOf = new Map(warehouseRows.map((w) => [w.code, w.id]));
  const planned: Planned[] = [];
  const pairs = new Set<string>();
  for (const { index, item } of parsed) {
    const goodsId = goodsOf.get(item.erp_code);
    const warehouseId =
      item.warehouse_code === undefined ? warehouseRows[0]?.id : warehouseOf.get(item.warehouse_code);
    const errors: FieldErrors = {};
    if (goodsId === undefined) errors.erp_code = ['没有这个商品编码，请先推送商品'];
    if (warehouseId === undefined) errors.warehouse_code = ['没有这个仓库编码'];
    if (goodsId !== undefined && warehouseId !== undefined) {
      if (pairs.has(pairKey(goodsId, warehouseId))) errors.erp_code = ['同一请求中同一商品和仓库出现了两次'];
      pairs.add(pairKey(goodsId, warehouseId));
    }
    if (Object.keys(errors).length > 0 || goodsId === undefined || warehouseId === undefined)
      fail(index, item.erp_code, errors);
    else planned.push({ index, item, goodsId, warehouseId });
  }
  if (planned.length > 0) {
    results.push(...(await ctx.db.transaction((tx) => writeStock(tx, ctx, planned))));
    goodsChanged(ctx);
  }
  return summarise(results);
}

async function writeStock(tx: DbOrTx, ctx: OperatorCtx, items: Planned[]): Promise<OpenItemResult[]> {
  const goodsIds = [...new Set(items.map((p) => p.goodsId))].sort((a, b) => a - b);
  const { locked, batches: batchRows, stock: stockRows } = await lockStockOf(tx, goodsIds);
  const totalBefore = new Map(locked.map((g) => [g.id, g.stockTotal]));
  const batchesOf = new Map<string, BatchRecord[]>();
  for (const b of batchRows) {
    const key = pairKey(b.goodsId, b.warehouseId);
    batchesOf.set(key, [...(batchesOf.get(key) ?? []), b]);
  }
  const sellableOf = new Map(stockRows.map((s) => [pairKey(s.goodsId, s.warehouseId), s.quantity]));

  const results: OpenItemResult[] = [];
  const written: (Planned & { sellable: number; before: BatchRecord[] })[] = [];
  for (const p of items) {
    const key = pairKey(p.goodsId, p.warehouseId);
    const before = batchesOf.get(key) ?? [];
    const heldBefore = before.reduce((s, b) => s + b.quantity, 0);
    const counted = p.item.batches.reduce((s, b) => s + b.quantity, 0);
    const sellableBefore = sellableOf.get(key) ?? 0;
    const sellable = sellableBefore + counted - heldBefore;
    if (sellable < 0) {
      results.push({
        index: p.index,
        erp_code: p.item.erp_code,
        status: 'failed',
        errors: {
          batches: [
            `库存合计${counted}少于未发货订单已占用的${heldBefore - sellableBefore}件：这些已售出，请先发货或取消订单`,
          ],
        },
      });
      continue;
    }
    const unchanged =
      before.filter((b) => b.quantity > 0).length === p.item.batches.filter((b) => b.quantity > 0).length &&
      p.item.batches.every((b) => {
        const old = before.find((o) => o.batchNo === b.batch_no);
        return (
          old !== undefined &&
          old.quantity === b.quantity &&
          old.producedOn === b.produced_on &&
          old.expiresOn === b.expires_on
        );
      }) &&
      sellableOf.has(key);
    if (unchanged) {
      results.push({ index: p.index, erp_code: p.item.erp_code, status: 'unchanged', id: p.goodsId });
      continue;
    }
    written.push({ ...p, sellable, before });
  }
  if (written.length === 0) return results;

  const batches = written.flatMap((p) =>
    p.item.batches.map((b) => ({
      goodsId: p.goodsId,
      warehouseId: p.warehouseId,
      batchNo: b.batch_no,
      producedOn: b.produced_on,
      expiresOn: b.expires_on,
      quantity: b.quantity,
    })),
  );
  // Batches the ERP no longer lists hold nothing (the rows stay: shipments name them).
  const after = await writeCountedStock(tx, ctx.now, written, batches);
  for (const g of after)
    if (g.stockTotal > 0 && (totalBefore.get(g.id) ?? 0) <= 0) await backInStockNews(tx, g.id, ctx.now);

  const records: AuditRecord[] = written.map((p) => ({
    action: 'goods.stock_set',
    target: { type: 'goods', id: p.goodsId },
    before: {
      warehouseId: p.warehouseId,
      batches: p.before.map((b) => ({ batchNo: b.batchNo, quantity: b.quantity })),
      sellable: sellableOf.get(pairKey(p.goodsId, p.warehouseId)) ?? 0,
    },
    after: {
      warehouseId: p.warehouseId,
      batches: p.item.batches.map((b) => ({ batchNo: b.batch_no, quantity: b.quantity })),
      sellable: p.sellable,
    },
  }));
  await auditMany(tx, ctx, records);
  return [
    ...results,
    ...written.map((p) => ({
      index: p.index,
      erp_code: p.item.erp_code,
      status: 'updated' as const,
      id: p.goodsId,
    })),
  ];
}
