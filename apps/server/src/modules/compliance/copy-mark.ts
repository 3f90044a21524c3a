import { PDFDocument } from 'pdf-lib';
import { cjkDocument } from '../../lib/pdf';

// The copy of a 药检报告 a buyer receives carries the supplier's quality department's mark
// 「本复印件与原件一致 供货单位质量管理部」, as a paper copy would carry its stamp (GSP: copies of
// inspection reports from the supplier bear its 质量管理专用章). The mark is drawn once with pdfkit
// (the Chinese font) and placed on every page of the report with pdf-lib, which can edit a PDF
// pdfkit cannot read; a JPG or PNG report becomes a one-page PDF with the mark under the picture.
// The file in storage stays the original; the console downloads it unmarked.

const MARK = { width: 176, height: 62 };
const RED = '#c8102e';

/** The mark alone, a small PDF page: a red double frame with three lines of red text. */
function drawMark(doc: PDFKit.PDFDocument, x: number, y: number, seller: string) {
  doc.save().lineWidth(1.4).strokeColor(RED).rect(x, y, MARK.width, MARK.height).stroke();
  doc
    .lineWidth(0.6)
    .rect(x + 3, y + 3, MARK.width - 6, MARK.height - 6)
    .stroke()
    .restore();
  const line = (text: string, dy: number, size: number) =>
    doc
      .fillColor(RED)
      .fontSize(size)
      .text(text, x + 6, y + dy, { width: MARK.width - 12, align: 'center', lineBreak: false });
  line('本复印件与原件一致', 7, 11);
  line(seller, 25, 8);
  line('供货单位质量管理部', 40, 10);
}

async function markPage(seller: string): Promise<Buffer> {
  const { doc, bytes } = cjkDocument({ size: [MARK.width + 4, MARK.height + 4], margin: 0 });
  drawMark(doc, 2, 2, seller);
  doc.end();
  return bytes;
}

/** Whether a PDF can take the mark (pdf-lib reads it and it has a page). */
export async function markablePdf(bytes: Uint8Array): Promise<boolean> {
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    return doc.getPageCount() > 0;
  } catch {
    return false;
  }
}

async function markPdf(bytes: Uint8Array, seller: string): Promise<Buffer> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
  const [mark] = await doc.embedPdf(await markPage(seller), [0]);
  for (const page of doc.getPages()) {
    const { x, y, width } = page.getCropBox();
    // Bottom right, inside the page's visible area, where reports keep their own signatures clear.
    page.drawPage(mark, {
      x: x + width - mark.width - 24,
      y: y + 24,
      width: mark.width,
      height: mark.height,
    });
  }
  return Buffer.from(await doc.save());
}

async function markPicture(bytes: Buffer, seller: string): Promise<Buffer> {
  const { doc, bytes: out } = cjkDocument({ size: 'A4', margin: 28 });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = doc.page.height - doc.page.margins.bottom;
  const markTop = bottom - MARK.height - 2;
  doc.image(bytes, left, doc.page.margins.top, {
    fit: [width, markTop - doc.page.margins.top - 12],
    align: 'center',
  });
  drawMark(doc, left + width - MARK.width - 2, markTop, seller);
  doc.end();
  return out;
}

/**
 * The buyer's copy of a report: a PDF with the mark on every page. A PDF that cannot be read (one
 * stored before uploads were checked) goes out as it is rather than not at all.
 */
export async function markedCopy(
  file: { mime: string; bytes: Buffer; name: string },
  seller: string,
): Promise<{ mime: string; bytes: Buffer; name: string }> {
  const name = file.name.replace(/\.(pdf|jpg|png)$/, '.pdf');
  if (file.mime === 'application/pdf') {
    if (!(await markablePdf(file.bytes))) return file;
    return { mime: file.mime, bytes: await markPdf(file.bytes, seller), name };
  }
  return { mime: 'application/pdf', bytes: await markPicture(file.bytes, seller), name };
}
