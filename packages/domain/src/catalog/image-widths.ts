// Goods pictures uploaded in the console are served in a few widths besides the original
// (/media/goods-images/{id}?w=240), so a phone loads a picture its size. A few fixed widths keep
// the variants made once and cached; any width would let a visitor fill the storage.

/** The widths the server makes: a list card on a 3x phone, a half-width tile, a full-width gallery. */
export const GOODS_IMAGE_WIDTHS = [240, 480, 750] as const;
export type GoodsImageWidth = (typeof GOODS_IMAGE_WIDTHS)[number];

/** Only console uploads have width variants; the demo's drawn SVGs scale by themselves. */
const SIZED = /^\/media\/goods-images\/\d+$/;

/**
 * The `srcset` of a goods picture (`url?w=240 240w, ...`), or undefined for a picture that
 * comes in one size only (a drawn SVG, an outside URL).
 */
export function goodsImageSrcSet(url: string | null | undefined): string | undefined {
  if (!url || !SIZED.test(url)) return undefined;
  return GOODS_IMAGE_WIDTHS.map((w) => `${url}?w=${w} ${w}w`).join(', ');
}
