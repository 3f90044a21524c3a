import { beijingDateOf, type Fen, formatYuan, shippingPaperNames } from '@yaocai/domain';
import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { orderLineBatches, traceCodes } from '../../db/schema/compliance';
import type { BuyerCtx, OperatorCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';
import { cjkDocument, drawTable } from '../../lib/pdf';
import { csvBytes } from '../../lib/spreadsheet';
import { companyFacts } from '../account/store-facts';
import { goodsPaperFacts } from '../catalog/goods-facts';
import { operatorNames } from '../operator/names';
import { firstShipment, orderLineFacts } from '../order/line-facts';
import { findOrder, type OrderRow } from '../order/state';
import { readSettings } from '../settings/read';

// The papers that travel with a shipment: the 随货同行单 (delivery note) as a PDF, and the trace
// codes of every pack as CSV for the buyer's own system. The note carries what GSP (2016, article
// 73) asks of it: 供货单位, 生产厂商, 通用名称, 剂型, 规格, 批号, 数量, 收货单位, 收货地址, 发货日期,
// with the 上市许可持有人 (药品管理法 2019), the reviewer and a box for the 出库专用章.

type Order = OrderRow;

async function ownOrder(ctx: BuyerCtx, orderId: number): Promise<Order> {
  const o = await findOrder(ctx.db, orderId, ctx.actor.userId);
  if (!o) throw notFound('订单不存在');
  return o;
}

async function anyOrder(ctx: OperatorCtx, orderId: number): Promise<Order> {
  const o = await findOrder(ctx.db, orderId);
  if (!o) throw notFound('订单不存在');
  return o;
}

interface NoteRow {
  name: string;
  commonName: string;
  dosageForm: string;
  holder: string;
  spec: string;
  manufacturer: string;
  approvalNo: string;
  unit: string;
  batchNo: string;
  producedOn: string;
  expiresOn: string;
  quantity: number;
  unitPriceFen: Fen;
}

/** 782 points: the width of A4 landscape inside 30-point margins. */
const COLUMNS = [
  { key: 'commonName', label: '通用名称', width: 86, align: 'left' },
  { key: 'name', label: '商品名称', width: 84, align: 'left' },
  { key: 'dosageForm', label: '剂型', width: 38, align: 'center' },
  { key: 'spec', label: '规格', width: 58, align: 'left' },
  { key: 'holder', label: '上市许可持有人', width: 76, align: 'left' },
  { key: 'manufacturer', label: '生产厂商', width: 76, align: 'left' },
  { key: 'approvalNo', label: '批准文号/\n注册证号', width: 70, align: 'left' },
  { key: 'batchNo', label: '批号', width: 56, align: 'left' },
  { key: 'dates', label: '生产日期\n有效期至', width: 56, align: 'center' },
  { key: 'unit', label: '单位', width: 24, align: 'center' },
  { key: 'quantity', label: '数量', width: 30, align: 'right' },
  { key: 'price', label: '单价', width: 40, align: 'right' },
  { key: 'amount', label: '金额', width: 48, align: 'right' },
  { key: 'quality', label: '质量状况', width: 40, align: 'center' },
] as const;

const money = (fen: Fen) => formatYuan(fen).replace('¥', '');

async function deliveryNote(db: DbOrTx, o: Order) {
  const lines = orderLineFacts(db);
  const [s, batchRows, companies, settings] = await Promise.all([
    firstShipment(db, o.id),
    db
      .select({
        goodsId: lines.goodsId,
        name: lines.goodsName,
        spec: lines.spec,
        manufacturer: lines.manufacturer,
        unit: lines.unit,
        batchNo: orderLineBatches.batchNo,
        producedOn: orderLineBatches.producedOn,
        expiresOn: orderLineBatches.expiresOn,
        quantity: orderLineBatches.quantity,
        unitPriceFen: lines.unitPriceFen,
      })
      .from(orderLineBatches)
      .innerJoin(lines, eq(lines.lineId, orderLineBatches.orderLineId))
      .where(eq(orderLineBatches.orderId, o.id))
      .orderBy(asc(lines.lineId), asc(orderLineBatches.expiresOn), asc(orderLineBatches.id)),
    companyFacts(db, [o.companyId]),
    readSettings(db),
  ]);
  if (!s || batchRows.length === 0) throw refusal('订单尚未发货，发货后可下载随货同行单', 409);
  const [operators, goodsFacts] = await Promise.all([
    operatorNames(db, [s.operatorId]),
    goodsPaperFacts(
      db,
      batchRows.map((r) => r.goodsId),
    ),
  ]);
  const shipment = { s, operator: s.operatorId === null ? undefined : operators.get(s.operatorId) };
  const company = companies.get(o.companyId);
  const rows = batchRows.map(({ goodsId, ...r }) => {
    const g = goodsFacts.get(goodsId);
    return {
      ...r,
      commonName: g?.commonName,
      dosageForm: g?.dosageForm,
      holder: g?.holder,
      approvalNo: g?.approvalNo,
    };
  });
  const bytes = await renderDeliveryNote({
    orderNo: o.orderNo,
    shippedOn: beijingDateOf(shipment.s.shippedAt),
    seller: settings.footer.company,
    sellerAddress: settings.footer.address,
    sellerLicence: settings.footer.licences.find((l) => l.name.includes('药品经营许可证'))?.number ?? '',
    buyer: company?.name ?? '',
    address: `${o.address.province}${o.address.city}${o.address.district}${o.address.detail}`,
    consignee: `${o.address.consignee} ${o.address.phone}`,
    carrier: `${shipment.s.carrier} ${shipment.s.trackingNo}`,
    // The operator who confirmed the shipment checked its batches and codes against the goods
    // (出库复核) and sent it: the note names them in both places.
    reviewer: shipment.operator ?? '',
    papers: shippingPaperNames(o.papers),
    rows: rows.map((r) => ({
      ...r,
      commonName: r.commonName ?? r.name,
      dosageForm: r.dosageForm ?? '',
      holder: r.holder ?? '',
      approvalNo: r.approvalNo ?? '',
    })),
  });
  return { bytes, name: `随货同行单_${o.orderNo}.pdf` };
}

interface NoteDocument {
  orderNo: string;
  shippedOn: string;
  seller: string;
  sellerAddress: string;
  sellerLicence: string;
  buyer: string;
  address: string;
  consignee: string;
  carrier: string;
  /** The operator who reviewed and shipped (出库复核), by display name; '' when not recorded. */
  reviewer: string;
  /** Papers the store asked to travel with the goods. */
  papers: string[];
  rows: NoteRow[];
}

/** The height kept under the table on every page for the totals, signatures and stamp box. */
const FOOTER_HEIGHT = 96;

/** The delivery note, A4 landscape, repeating its heading on every page. */
function renderDeliveryNote(note: NoteDocument): Promise<Buffer> {
  const { doc, bytes } = cjkDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 30,
    info: { Title: `随货同行单 ${note.orderNo}`, Author: note.seller, Subject: note.orderNo },
  });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const pad = 3;
  const cells = (r: NoteRow): Record<(typeof COLUMNS)[number]['key'], string> => ({
    commonName: r.commonName,
    name: r.name,
    dosageForm: r.dosageForm || '—',
    spec: r.spec,
    holder: r.holder || '—',
    manufacturer: r.manufacturer,
    approvalNo: r.approvalNo,
    batchNo: r.batchNo,
    dates: `${r.producedOn}\n${r.expiresOn}`,
    unit: r.unit,
    quantity: String(r.quantity),
    price: money(r.unitPriceFen),
    amount: money(r.unitPriceFen * r.quantity),
    quality: '合格',
  });
  const header = (page: number) => {
    doc
      .fillColor('#111')
      .fontSize(16)
      .text(`${note.seller} 随货同行单`, left, 30, { width, align: 'center' });
    doc.fontSize(9);
    const top = 56;
    doc.text(`单号：${note.orderNo}`, left, top);
    doc.text(`发货日期：${note.shippedOn}`, left + 220, top);
    doc.text(`第${page}页`, left, top, { width, align: 'right' });
    doc.text(`收货单位：${note.buyer}`, left, top + 16, { width: 210 });
    doc.text(`收货地址：${note.address}（${note.consignee}）`, left + 220, top + 16, { width: width - 220 });
    doc.text(`供货单位：${note.seller}（药品经营许可证 ${note.sellerLicence}）`, left, top + 32, { width });
    doc.text(`供货单位地址：${note.sellerAddress}`, left, top + 48, { width });
    return top + 68;
  };
  let page = 1;
  const y = drawTable(doc, {
    columns: COLUMNS,
    rows: note.rows.map(cells),
    left,
    top: header(page),
    bottom: doc.page.height - doc.page.margins.bottom - FOOTER_HEIGHT,
    newPage: () => {
      doc.addPage();
      page += 1;
      return header(page);
    },
    fontSize: 8,
    pad,
    heading: { color: '#111', fill: '#eef3f8' },
    grid: '#9aa5b1',
  });
  const totalFen = note.rows.reduce((sum, r) => sum + r.unitPriceFen * r.quantity, 0);
  const totalQuantity = note.rows.reduce((sum, r) => sum + r.quantity, 0);
  // The stamp box on the right, the lines to its left: nothing runs into the box.
  const top = y + 8;
  const stamp = { width: 170, height: 78 };
  const stampLeft = left + width - stamp.width;
  const text = stampLeft - left - 16;
  doc
    .save()
    .lineWidth(0.8)
    .dash(3, { space: 2 })
    .strokeColor('#9aa5b1')
    .rect(stampLeft, top, stamp.width, stamp.height)
    .stroke()
    .restore();
  doc
    .fillColor('#555')
    .fontSize(8)
    .text('出库专用章（盖章处）', stampLeft, top + 4, { width: stamp.width, align: 'center' });
  doc.fontSize(9).fillColor('#111');
  doc.text(`合计：${note.rows.length} 行，${totalQuantity} 件，金额 ¥${money(totalFen)}`, left, top);
  doc.text(`承运：${note.carrier}`, left + 260, top, { width: text - 260 });
  doc.text(`随货资料：${note.papers.join('、') || '无'}`, left, top + 18, { width: text });
  const signed = top + 36;
  doc.text(`发货人：${note.reviewer || '________'}`, left, signed);
  doc.text(`复核人：${note.reviewer || '________'}`, left + 140, signed);
  doc.text('收货人（签字）：', left + 280, signed);
  doc.text('收货日期：', left + 440, signed);
  doc
    .fillColor('#555')
    .fontSize(8)
    .text(
      '本单随货同行，请收货单位按单逐项验收并保存；批号、有效期以本单为准。加盖供货单位药品出库专用章原印章有效。',
      left,
      top + 56,
      { width: text },
    );
  doc.end();
  return bytes;
}

export async function myDeliveryNote(ctx: BuyerCtx, orderId: number) {
  return deliveryNote(ctx.db, await ownOrder(ctx, orderId));
}

export async function adminDeliveryNote(ctx: OperatorCtx, orderId: number) {
  return deliveryNote(ctx.db, await anyOrder(ctx, orderId));
}

/** The trace codes of one of the store's orders, one pack per row, with its goods and batch line. */
export async function myTraceCodesCsv(ctx: BuyerCtx, orderId: number) {
  const o = await ownOrder(ctx, orderId);
  const line = orderLineFacts(ctx.db);
  const codeRows = await ctx.db
    .select({
      code: traceCodes.code,
      goodsId: line.goodsId,
      name: line.goodsName,
      spec: line.spec,
      manufacturer: line.manufacturer,
      at: traceCodes.createdAt,
    })
    .from(traceCodes)
    .innerJoin(line, eq(line.lineId, traceCodes.orderLineId))
    .where(eq(traceCodes.orderId, o.id))
    .orderBy(asc(line.lineId), asc(traceCodes.code));
  if (codeRows.length === 0) throw refusal('该订单没有追溯码记录', 409);
  const goodsFacts = await goodsPaperFacts(
    ctx.db,
    codeRows.map((r) => r.goodsId),
  );
  const rows = codeRows.map((r) => ({ ...r, approvalNo: goodsFacts.get(r.goodsId)?.approvalNo }));
  const lines = [
    ['订单号', '追溯码', '品名', '规格', '生产企业', '批准文号', '发货日期'],
    ...rows.map((r) => [
      o.orderNo,
      r.code,
      r.name,
      r.spec,
      r.manufacturer,
      r.approvalNo ?? '',
      beijingDateOf(r.at),
    ]),
  ];
  return { bytes: csvBytes(lines), name: `追溯码_${o.orderNo}.csv` };
}
