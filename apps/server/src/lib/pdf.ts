import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

// What every PDF the server draws shares (e-invoices, delivery notes): the embedded Chinese
// font and the document's bytes as one Buffer (lib/download.ts sends them).

const require = createRequire(import.meta.url);
let font: Buffer | undefined;
/**
 * Noto Sans SC from an npm package, read once per process (10 MB); pdfkit embeds only the glyphs
 * a document uses, so the PDF shows and searches its Chinese text on any reader.
 */
const cjkFont = () => {
  font ??= readFileSync(
    require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf'),
  );
  return font;
};

/** A pdfkit document in the Chinese font, and its bytes once `doc.end()` is called. */
export function cjkDocument(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  bytes: Promise<Buffer>;
} {
  const doc = new PDFDocument(options);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', cjkFont());
  doc.font('cjk');
  return { doc, bytes };
}

export interface PdfColumn {
  key: string;
  label: string;
  width: number;
  align: 'left' | 'center' | 'right';
}

export interface PdfTable {
  columns: readonly PdfColumn[];
  rows: readonly Record<string, string>[];
  left: number;
  /** Where the column labels go on the first page. */
  top: number;
  /** The lowest a row may end; a row that would not fit starts a new page. */
  bottom: number;
  /** Adds a page, draws its header and answers where the table continues. */
  newPage(): number;
  fontSize: number;
  pad: number;
  /** The labels' colour and background; a line under them; a grid around every cell. */
  heading: { color: string; fill?: string; rule?: string };
  grid?: string;
}

/**
 * Draws a table row by row, the column labels at its top and again at the top of every page it
 * runs on to. Answers the y below the last row.
 */
export function drawTable(doc: PDFKit.PDFDocument, t: PdfTable): number {
  const width = t.columns.reduce((sum, c) => sum + c.width, 0);
  const height = (values: Record<string, string>) =>
    Math.max(
      ...t.columns.map((c) =>
        doc.fontSize(t.fontSize).heightOfString(values[c.key], { width: c.width - t.pad * 2 }),
      ),
    ) +
    t.pad * 2;
  const row = (y: number, values: Record<string, string>, heading: boolean) => {
    const h = height(values);
    if (heading && t.heading.fill) doc.rect(t.left, y, width, h).fill(t.heading.fill);
    doc.fontSize(t.fontSize).fillColor(heading ? t.heading.color : '#111');
    let x = t.left;
    for (const c of t.columns) {
      doc.text(values[c.key], x + t.pad, y + t.pad, { width: c.width - t.pad * 2, align: c.align });
      if (t.grid) doc.rect(x, y, c.width, h).strokeColor(t.grid).lineWidth(0.5).stroke();
      x += c.width;
    }
    if (heading && t.heading.rule)
      doc
        .moveTo(t.left, y + h)
        .lineTo(t.left + width, y + h)
        .strokeColor(t.heading.rule)
        .stroke();
    return y + h;
  };
  const labels = Object.fromEntries(t.columns.map((c) => [c.key, c.label]));
  let y = row(t.top, labels, true);
  for (const values of t.rows) {
    if (y + height(values) > t.bottom) y = row(t.newPage(), labels, true);
    y = row(y, values, false);
  }
  return y;
}
