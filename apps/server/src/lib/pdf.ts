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
