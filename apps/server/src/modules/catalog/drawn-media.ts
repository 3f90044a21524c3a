import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { brands, goods } from '../../db/schema/catalog';

// What the drawn images (content/media.ts: /media/goods/{id}.svg, /media/brands/{id}.svg) need of
// a goods or a brand.

/** The facts printed on a goods' drawn packaging, or undefined when there is no such goods. */
export async function goodsPackagingFacts(db: DbOrTx, goodsId: number) {
  const [row] = await db
    .select({
      name: goods.name,
      spec: goods.spec,
      manufacturer: goods.manufacturer,
      color: goods.color,
      rxClass: goods.rxClass,
      kind: goods.kind,
      approvalNo: goods.approvalNo,
      unit: goods.unit,
    })
    .from(goods)
    .where(eq(goods.id, goodsId));
  return row;
}

/** A brand's name and colour for its drawn logo, or undefined when there is no such brand. */
export async function brandLogoFacts(db: DbOrTx, brandId: number) {
  const [row] = await db
    .select({ name: brands.name, color: brands.color })
    .from(brands)
    .where(eq(brands.id, brandId));
  return row;
}
