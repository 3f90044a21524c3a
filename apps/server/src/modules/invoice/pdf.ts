import { type Fen, formatYuan, invoiceTitleOf, yuanInCapitals } from '@yaocai/domain';
import type { InvoiceLineSnapshot } from '../../db/schema/order';
import { cjkDocument, drawTable } from '../../lib/pdf';

// Draws an issued e-invoice as a PDF (pdfkit), laid out like a 全电发票: title, number and date,
// buyer and seller, the item table (name, specification, unit, quantity, unit price, amount,
// rate, tax), totals, the amount in capitals, remarks and the issuer, in the embedded Chinese
// font (lib/pdf.ts).

export interface InvoiceDocument {
  type: number;
  invoiceNo: string;
  /** Beijing date, YYYY-MM-DD. */
  issuedOn: string;
  buyer: { title: string; taxNo: string };
  seller: { name: string; taxNo: string; address: string };
  lines: readonly InvoiceLineSnapshot[];
  amountFen: Fen;
  taxFen: Fen;
  totalFen: Fen;
  orderNo: string;
  issuer: string;
  /** A red-letter invoice: the number of the blue one it reverses. */
  reverses?: string;
  /** Drawn by the demo provider: no tax document, marked as such on every page. */
  demo: boolean;
}

export const DEMO_MARK = '演示 · 非税务发票';

const money = (fen: Fen) => formatYuan(fen).replace('¥', '');
/** Unit price before tax, to six places as invoices print it (amount / quantity). */
const unitPrice = (l: InvoiceLineSnapshot) =>
  (Math.abs(l.amountFen) / 100 / Math.abs(l.quantity || 1)).toFixed(6).replace(/0{1,4}$/, '');

const COLUMNS = [
  { key: 'name', label: '项目名称', width: 168, align: 'left' },
  { key: 'spec', label: '规格型号', width: 70, align: 'left' },
  { key: 'unit', label: '单位', width: 30, align: 'center' },
  { key: 'quantity', label: '数量', width: 40, align: 'right' },
  { key: 'price', label: '单价', width: 58, align: 'right' },
  { key: 'amount', label: '金额', width: 58, align: 'right' },
  { key: 'rate', label: '税率', width: 33, align: 'right' },
  { key: 'tax', label: '税额', width: 58, align: 'right' },
] as const;

const cells = (l: InvoiceLineSnapshot): Record<(typeof COLUMNS)[number]['key'], string> => ({
  name: l.name,
  spec: l.spec,
  unit: l.unit,
  quantity: String(l.quantity),
  price: unitPrice(l),
  amount: money(l.amountFen),
  rate: `${l.rate}%`,
  tax: money(l.taxFen),
});

export function renderInvoicePdf(inv: InvoiceDocument): Promise<Buffer> {
  const { doc, bytes } = cjkDocument({
    size: 'A4',
    margin: 40,
    info: {
      Title: `${inv.demo ? `${DEMO_MARK} ` : ''}${invoiceTitleOf(inv.type)} ${inv.invoiceNo}`,
      Author: inv.seller.name,
      Subject: inv.orderNo,
    },
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const red = '#9b1c1c';
  const pad = 4;

  const title = `${invoiceTitleOf(inv.type)}${inv.reverses ? '（红字）' : ''}`;
  const header = (page: number) => {
    if (inv.demo) {
      doc.fillColor('#d4380d').fontSize(11).text(DEMO_MARK, left, 24, { width, align: 'left' });
      doc.save().rotate(-30, { origin: [doc.page.width / 2, doc.page.height / 2] });
      doc
        .fillColor('#d4380d')
        .opacity(0.12)
        .fontSize(60)
        .text(DEMO_MARK, 0, doc.page.height / 2 - 30, { width: doc.page.width, align: 'center' });
      doc.restore().opacity(1);
    }
    doc.fillColor(red).fontSize(18).text(title, left, 40, { width, align: 'center' });
    doc.fontSize(9).fillColor('#333');
    doc.text(`发票号码：${inv.invoiceNo}`, left, 68, { width, align: 'right' });
    doc.text(`开票日期：${inv.issuedOn}`, left, 82, { width, align: 'right' });
    if (page > 1) doc.text(`第${page}页`, left, 68);
    doc
      .moveTo(left, 100)
      .lineTo(left + width, 100)
      .strokeColor(red)
      .stroke();
    // Buyer and seller, side by side.
    const half = width / 2;
    const party = (x: number, label: string, name: string, taxNo: string, extra?: string) => {
      doc.fillColor(red).fontSize(10).text(label, x, 108);
      doc.fillColor('#111').fontSize(9);
      doc.text(`名称：${name}`, x, 124, { width: half - 10 });
      doc.text(`统一社会信用代码/纳税人识别号：${taxNo || '—'}`, x, doc.y + 2, { width: half - 10 });
      if (extra) doc.text(extra, x, doc.y + 2, { width: half - 10 });
    };
    party(left, '购买方信息', inv.buyer.title, inv.buyer.taxNo);
    party(left + half, '销售方信息', inv.seller.name, inv.seller.taxNo, `地址：${inv.seller.address}`);
    return 182;
  };

  let page = 1;
  let y = drawTable(doc, {
    columns: COLUMNS,
    rows: inv.lines.map(cells),
    left,
    top: header(page),
    bottom: doc.page.height - doc.page.margins.bottom - 150,
    newPage: () => {
      doc.addPage();
      page += 1;
      return header(page);
    },
    fontSize: 8.5,
    pad,
    heading: { color: red, rule: '#c9a0a0' },
  });
  y = Math.max(y + 6, 0);
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor('#c9a0a0')
    .stroke();
  y += 6;
  doc.fillColor('#111').fontSize(9);
  doc.text('合计', left + pad, y);
  const amountX = left + COLUMNS.slice(0, 5).reduce((s, c) => s + c.width, 0);
  doc.text(`¥${money(inv.amountFen)}`, amountX, y, { width: COLUMNS[5].width - pad, align: 'right' });
  doc.text(`¥${money(inv.taxFen)}`, left + width - COLUMNS[7].width, y, {
    width: COLUMNS[7].width - pad,
    align: 'right',
  });
  y += 20;
  doc.text(`价税合计（大写）：${yuanInCapitals(inv.totalFen)}`, left + pad, y);
  doc.text(`（小写）¥${money(inv.totalFen)}`, left, y, { width: width - pad, align: 'right' });
  y += 20;
  doc
    .moveTo(left, y)
    .lineTo(left + width, y)
    .strokeColor(red)
    .stroke();
  y += 8;
  const remark = inv.reverses
    ? `被红冲蓝字数电发票号码：${inv.reverses}；订单号 ${inv.orderNo}`
    : `订单号 ${inv.orderNo}`;
  doc.text(`备注：${remark}`, left + pad, y, { width });
  y += 24;
  doc.text(`开票人：${inv.issuer}`, left + pad, y);
  doc.end();
  return bytes;
}
