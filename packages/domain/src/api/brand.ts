import { z } from 'zod';

/**
 * Brand zone contracts (品牌专区, /ppzq): `GET /api/focus/ppzq?page=&page_size=` -> brandWall,
 * `GET /api/focus/brand/{id}` -> brandStory. The brand's goods come from
 * `GET /api/goods/list?brand_id=`.
 */
export const brandCard = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
  /** Manufacturer behind the brand. */
  sccj: z.string(),
  /** One-line pitch shown on the wall. */
  slogan: z.string(),
  goods_count: z.number().int(),
});
export type BrandCard = z.infer<typeof brandCard>;

export const brandWall = z.object({
  list: z.array(brandCard),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type BrandWall = z.infer<typeof brandWall>;

export const brandStory = brandCard.extend({
  /** Banner image of the brand page, when the operator set one. */
  banner: z.string().nullable(),
  /** The brand story, one paragraph per item. */
  story: z.array(z.string()),
});
export type BrandStory = z.infer<typeof brandStory>;
