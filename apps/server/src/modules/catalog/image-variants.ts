import type { GoodsImageWidth } from '@yaocai/domain/catalog/image-widths';
import sharp from 'sharp';
import type { FileStorage } from '../../lib/storage';

// Width variants of console-uploaded goods pictures (?w=240|480|750). sharp (libvips, prebuilt
// for linux-x64 and the other platforms as optional packages, no compiler needed) resizes; each
// variant is made on its first request and kept in storage beside the original, so it is made
// once per width, on local disk and S3 alike. A variant keeps the original's format.

/** `goods-images/<uuid>.png` -> `goods-images/<uuid>.w240.png`. */
export const variantKey = (storageKey: string, width: GoodsImageWidth) =>
  storageKey.replace(/(\.[a-z]+)$/, `.w${width}$1`);

const encode: Record<string, (image: sharp.Sharp) => sharp.Sharp> = {
  'image/jpeg': (image) => image.jpeg({ quality: 80, mozjpeg: true }),
  'image/png': (image) => image.png({ compressionLevel: 9, palette: true }),
  'image/webp': (image) => image.webp({ quality: 80 }),
};

/**
 * The picture at most `width` pixels wide: the kept variant, or one made now and kept. A picture
 * no wider than `width` is answered as it is (never enlarged, nothing stored).
 */
export async function imageVariant(
  storage: FileStorage,
  original: { storageKey: string; mime: string },
  width: GoodsImageWidth,
): Promise<Buffer | undefined> {
  const key = variantKey(original.storageKey, width);
  const kept = await storage.get(key);
  if (kept) return kept;
  const bytes = await storage.get(original.storageKey);
  if (!bytes) return undefined;
  const format = encode[original.mime];
  if (!format) return bytes;
  let resized: Buffer;
  try {
    const { width: actual } = await sharp(bytes).metadata();
    if (!actual || actual <= width) return bytes;
    resized = await format(sharp(bytes).rotate().resize({ width, withoutEnlargement: true })).toBuffer();
  } catch {
    // Bytes whose magic number said picture but libvips cannot read: the original, as before.
    return bytes;
  }
  await storage.put(key, resized);
  return resized;
}
