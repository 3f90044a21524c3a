import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { FastifyReply } from 'fastify';
import PDFDocument from 'pdfkit';
import { z } from 'zod';

// What every PDF the server draws shares (e-invoices, delivery notes): the embedded Chinese
// font, the document's bytes as one Buffer, and how a route sends a file.

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

export const PDF = 'application/pdf';
/** The OpenAPI shape of a file body. */
export const fileBytes = z.string().meta({ format: 'binary' });

/** Sends a file as a private download under its (Chinese) name. */
export const sendFile = (reply: FastifyReply, type: string, file: { bytes: Buffer | string; name: string }) =>
  reply
    .type(type)
    .header('cache-control', 'private, no-store')
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .send(file.bytes as never);
