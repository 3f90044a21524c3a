import {
  allocateFefo,
  beijingToday,
  type FieldErrors,
  readLineTraceCodes,
  type StockBatch,
  tracedScopeClasses,
} from '@yaocai/domain';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { orderLineBatches, traceCodeFlags, traceCodes } from '../../db/schema/compliance';
import type { OperatorCtx } from '../../lib/context';
import { refusal, validationError } from '../../lib/errors';
import { lockGoodsBatches, takeFromBatches } from '../catalog/batch-facts';
import { goodsPaperFacts } from '../catalog/goods-facts';
import { orderLinesOf, orderNumbers } from '../order/line-facts';
import { batchesWithReports } from './reports';

// What leaves the warehouse with a shipment (GSP): each line's batches, taken first expiry
// first out, and each pack's trace code. Called by order shipping inside its transaction; the
// rules are packages/domain's compliance/shipping.ts.

/** The codes typed or scanned for one order line (one per pack). */
export interface LineCodes {
  line_id: number;
  codes: string;
}

/**
 * The batches a line left with as the shipper says (the ERP's pick list): they must be the ones
 * first expiry first out takes, or the shipment is refused.
 */
export interface LineBatches {
  line_id: number;
  batches?: readonly { batch_no: string; quantity: number }[];
}

export interface ShipmentPapers {
  traceCodes?: readonly LineCodes[];
  /** Batches named per line (absent: FEFO alone decides, as on the console). */
  batches?: readonly LineBatches[];
  /** Whether every drug line must carry its codes (站点设置 compliance.trace_codes_required). */
  traceCodesRequired: boolean;
}

interface ShipLine {
  id: number;
  goodsId: number;
  warehouseId: number;
  goodsName: string;
  quantity: number;
  scopeClass: string | null;
}

/**
 * Reads the codes of every line, refusing badly formed, missing or miscounted ones (422 under
 * `trace_codes.<i>.codes`, i the entry's place in the request; a drug line with no entry under
 * `trace_codes`).
 */
function readCodes(lines: ShipLine[], papers: ShipmentPapers): Map<number, string[]> {
  const errors: FieldErrors = {};
  const add = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const byLine = new Map<number, string[]>();
  const given = papers.traceCodes ?? [];
  const seen = new Set<string>();
  for (const [i, entry] of given.entries()) {
    const field = `trace_codes.${i}.codes`;
    const line = lines.find((l) => l.id === entry.line_id);
    if (!line) {
      add(field, '订单中没有这一行商品');
      continue;
    }
    if (byLine.has(line.id)) {
      add(field, '同一行商品的追溯码只能录入一次');
      continue;
    }
    const text = entry.codes.trim();
    if (!text) continue;
    const read = readLineTraceCodes(text, line.quantity);
    if (!read.ok) {
      for (const p of read.problems) add(field, `「${line.goodsName}」${p}`);
      continue;
    }
    for (const code of read.codes) {
      if (seen.has(code)) add(field, `追溯码 ${code} 在本单中重复录入`);
      seen.add(code);
    }
    byLine.set(line.id, read.codes);
  }
  if (papers.traceCodesRequired)
    for (const line of lines) {
      if (byLine.has(line.id) || !tracedScopeClasses.includes(line.scopeClass ?? '')) continue;
      const i = given.findIndex((e) => e.line_id === line.id);
      if (i >= 0 && errors[`trace_codes.${i}.codes`]) continue;
      add(
        i >= 0 ? `trace_codes.${i}.codes` : 'trace_codes',
        `请录入「${line.goodsName}」的药品追溯码（${line.quantity}个，每件一个）`,
      );
    }
  if (Object.keys(errors).length) throw validationError(errors, '追溯码有误，请按提示修改');
  return byLine;
}

/** The batches named per line, keyed by line id, refusing entries for lines the order lacks. */
function namedBatches(lines: ShipLine[], given: readonly LineBatches[] | undefined) {
  const errors: FieldErrors = {};
  const byLine = new Map<number, { index: number; batches: Map<string, number> }>();
  for (const [i, entry] of (given ?? []).entries()) {
    if (!lines.some((l) => l.id === entry.line_id)) errors[`batches.${i}.line_id`] = ['订单中没有这一行商品'];
    else if (byLine.has(entry.line_id)) errors[`batches.${i}.line_id`] = ['同一行商品只能出现一次'];
    else if (entry.batches) {
      const sums = new Map<string, number>();
      for (const b of entry.batches) sums.set(b.batch_no, (sums.get(b.batch_no) ?? 0) + b.quantity);
      byLine.set(entry.line_id, { index: i, batches: sums });
    }
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return byLine;
}

/**
 * Refuses a shipment whose named batches are not the ones FEFO took (field `batches.<i>.batches`,
 * i the entry's place in the request), saying which batches the rule takes.
 */
function refuseOtherBatches(
  lines: ShipLine[],
  named: ReturnType<typeof namedBatches>,
  taken: readonly { orderLineId: number; batchNo: string; quantity: number }[],
) {
  const errors: FieldErrors = {};
  for (const line of lines) {
    const want = named.get(line.id);
    if (!want) continue;
    const fefo = new Map<string, number>();
    for (const t of taken.filter((t) => t.orderLineId === line.id))
      fefo.set(t.batchNo, (fefo.get(t.batchNo) ?? 0) + t.quantity);
    const same =
      fefo.size === want.batches.size &&
      [...fefo].every(([no, quantity]) => want.batches.get(no) === quantity);
    if (same) continue;
    const rule = [...fefo].map(([no, quantity]) => `${no}×${quantity}`).join('、');
    errors[`batches.${want.index}.batches`] = [
      `「${line.goodsName}」须按近效期先出发效期内的批次：${rule}（共${line.quantity}件），与提交的批次不符`,
    ];
  }
  if (Object.keys(errors).length) throw validationError(errors, '发货批次与近效期先出规则不符，请按提示修改');
}

/**
 * Codes already shipped with another order: each is flagged for 质管 (outside the shipping
 * transaction, so the flag stays when the shipment is refused) and the shipment refused.
 */
export async function refuseShippedCodes(
  db: Db,
  ctx: OperatorCtx,
  orderId: number,
  given: readonly LineCodes[] | undefined,
) {
  if (!given) return;
  const codes = given.flatMap((entry) => entry.codes.split(/[\s,，;；]+/)).filter(Boolean);
  if (!codes.length) return;
  const canonical = codes.map((c) => readLineTraceCodes(c, 1)).flatMap((r) => (r.ok ? r.codes : []));
  if (!canonical.length) return;
  const offered = await db
    .select({ code: traceCodes.code, orderId: traceCodes.orderId })
    .from(traceCodes)
    // Codes this order already shipped with are no one else's: a repeated shipment is refused by
    // the order's state, not flagged to 质管.
    .where(and(inArray(traceCodes.code, canonical), ne(traceCodes.orderId, orderId)));
  if (!offered.length) return;
  const numbers = await orderNumbers(
    db,
    offered.map((s) => s.orderId),
  );
  const shipped = offered.map((s) => ({ ...s, orderNo: numbers.get(s.orderId) ?? '' }));
  await db.insert(traceCodeFlags).values(
    shipped.map((s) => ({
      code: s.code,
      orderId,
      shippedOrderId: s.orderId,
      operatorId: ctx.actor.operatorId,
      createdAt: ctx.now,
    })),
  );
  throw refusal(
    `追溯码已随其他订单发出，不能重复发货（已记录并提示质管核查）：${shipped
      .map((s) => `${s.code}（订单${s.orderNo}）`)
      .join('，')}`,
    422,
  );
}

/** An order's lines in id order, each with its goods' scope class (null: the goods is gone). */
async function linesWithScope(db: DbOrTx, orderId: number) {
  const lines = await orderLinesOf(db, orderId);
  const facts = await goodsPaperFacts(
    db,
    lines.map((l) => l.goodsId),
  );
  return lines.map((l) => ({ ...l, scopeClass: facts.get(l.goodsId)?.scopeClass ?? null }));
}

/**
 * Takes each line's stock from its warehouse's batches (first expiry first out) and records the
 * batches and trace codes of the shipment. The goods rows are locked first, in id order, as
 * order stock moves and batch corrections lock them, so none of them interleave.
 */
export async function recordShipmentContents(
  tx: Tx,
  now: Date,
  orderId: number,
  shipmentId: number,
  papers: ShipmentPapers,
) {
  const lines: ShipLine[] = await linesWithScope(tx, orderId);
  const codes = readCodes(lines, papers);
  const named = namedBatches(lines, papers.batches);
  const goodsIds = [...new Set(lines.map((l) => l.goodsId))].sort((a, b) => a - b);
  const batches = await lockGoodsBatches(tx, goodsIds);
  const today = beijingToday(now);
  /** What each batch still holds as lines take from it. */
  const left = new Map(batches.map((b) => [b.id, b.quantity]));
  const taken: (typeof orderLineBatches.$inferInsert)[] = [];
  for (const line of lines) {
    const own: StockBatch[] = batches
      .filter((b) => b.goodsId === line.goodsId && b.warehouseId === line.warehouseId)
      .map((b) => ({ id: b.id, batchNo: b.batchNo, expiresOn: b.expiresOn, quantity: left.get(b.id) ?? 0 }));
    const result = allocateFefo(own, line.quantity, today);
    if (!result.ok)
      throw refusal(
        `「${line.goodsName}」在效期内的批次库存不足：需发${line.quantity}件，可发${result.available}件。请先在商品批次中入库或核对批次数量`,
        409,
      );
    for (const take of result.takes) {
      left.set(take.batchId, (left.get(take.batchId) ?? 0) - take.quantity);
      const batch = batches.find((b) => b.id === take.batchId)!;
      taken.push({
        orderId,
        orderLineId: line.id,
        shipmentId,
        batchId: take.batchId,
        batchNo: take.batchNo,
        producedOn: batch.producedOn,
        expiresOn: take.expiresOn,
        quantity: take.quantity,
      });
    }
  }
  refuseOtherBatches(lines, named, taken);
  const moved = batches.filter((b) => left.get(b.id) !== b.quantity);
  await takeFromBatches(
    tx,
    moved.map((b) => ({ id: b.id, quantity: left.get(b.id) ?? 0 })),
    goodsIds,
  );
  if (taken.length) await tx.insert(orderLineBatches).values(taken);
  const codeRows = [...codes].flatMap(([lineId, list]) =>
    list.map((code) => ({ code, orderId, orderLineId: lineId, shipmentId, createdAt: now })),
  );
  if (codeRows.length) {
    const inserted = await tx
      .insert(traceCodes)
      .values(codeRows)
      .onConflictDoNothing()
      .returning({ code: traceCodes.code });
    // Another shipment took a code between the check and this insert: refuse (no half shipment).
    if (inserted.length !== codeRows.length) throw refusal('追溯码已随其他订单发出，不能重复发货', 422);
  }
  return { batches: taken.length, traceCodes: codeRows.length };
}

/** The batches and trace codes of an order's lines, for the order detail and the documents. */
export async function shippedContents(db: DbOrTx, orderId: number) {
  const [batchRows, codeRows] = await Promise.all([
    db
      .select()
      .from(orderLineBatches)
      .where(eq(orderLineBatches.orderId, orderId))
      .orderBy(asc(orderLineBatches.expiresOn), asc(orderLineBatches.id)),
    db
      .select({ code: traceCodes.code, orderLineId: traceCodes.orderLineId })
      .from(traceCodes)
      .where(eq(traceCodes.orderId, orderId))
      .orderBy(asc(traceCodes.orderLineId), asc(traceCodes.code)),
  ]);
  const reported = await batchesWithReports(db, [...new Set(batchRows.map((b) => b.batchId))]);
  return { batchRows, codeRows, reported };
}

/**
 * Trace codes for the demo's shipped orders: a 20-digit code per pack of every drug line,
 * numbered from `first` (the seed gives each order its own range).
 */
export async function demoTraceCodes(tx: Tx, orderId: number, first: number): Promise<LineCodes[]> {
  const lines = await linesWithScope(tx, orderId);
  const codes: LineCodes[] = [];
  let next = first;
  for (const line of lines) {
    if (!tracedScopeClasses.includes(line.scopeClass ?? '')) continue;
    const text = Array.from({ length: line.quantity }, () => `8${String(next++).padStart(19, '0')}`);
    codes.push({ line_id: line.id, codes: text.join('\n') });
  }
  return codes;
}
