import { giftTypeLabels } from '@yaocai/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { giftRules, goods, goodsCombinationItems, goodsCombinations, goodsStock } from '../../src/db/schema';

/**
 * Cart promotions over the demo catalogue: the free-shipping setting, combination packages,
 * a 赠 and a 换购 rule. Goods are looked up by name after the catalogue seed; whatever is
 * missing is skipped (the full-reduction activity comes with the catalogue seed).
 */
export async function seedCart(tx: Tx) {
  const names = [
    '三诺 安稳+Air 血糖仪套装',
    '三诺 安稳 血糖试纸',
    '连花清瘟胶囊',
    '板蓝根颗粒',
    '999感冒灵颗粒',
    '维生素C片',
    '阿莫西林胶囊',
    '稳健 医用棉签(灭菌)',
    '鱼跃 上臂式电子血压计 YE660D',
    '欧姆龙 电子体温计 MC-246',
  ];
  const rows = await tx
    .select({ id: goods.id, name: goods.name, priceFen: goods.basePriceFen })
    .from(goods)
    .where(inArray(goods.name, names))
    .orderBy(goods.id);
  const byName = new Map<string, (typeof rows)[number]>();
  for (const row of rows) if (!byName.has(row.name)) byName.set(row.name, row);
  const stock = await tx
    .select()
    .from(goodsStock)
    .where(
      inArray(
        goodsStock.goodsId,
        rows.map((r) => r.id),
      ),
    );
  /** The warehouse holding most of all the given goods. */
  const warehouseFor = (ids: number[]) => {
    const totals = new Map<number, number>();
    for (const s of stock) {
      if (ids.includes(s.goodsId) && s.quantity > 0)
        totals.set(s.warehouseId, (totals.get(s.warehouseId) ?? 0) + 1);
    }
    const best = [...totals.entries()].sort((a, b) => b[1] - a[1])[0];
    return best && best[1] === ids.length ? best[0] : undefined;
  };

  const packages: { name: string; items: [string, number][]; discount: number }[] = [
    {
      name: '血糖监测组合（血糖仪+试纸2盒）',
      items: [
        ['三诺 安稳+Air 血糖仪套装', 1],
        ['三诺 安稳 血糖试纸', 2],
      ],
      discount: 0.88,
    },
    {
      name: '感冒常备组合',
      items: [
        ['连花清瘟胶囊', 2],
        ['板蓝根颗粒', 2],
        ['999感冒灵颗粒', 2],
      ],
      discount: 0.9,
    },
  ];
  for (const pkg of packages) {
    const items = pkg.items.map(([name, quantity]) => ({ goods: byName.get(name), quantity }));
    if (items.some((i) => !i.goods)) continue;
    const ids = items.map((i) => i.goods?.id ?? 0);
    const warehouseId = warehouseFor(ids);
    if (!warehouseId) continue;
    const full = items.reduce((s, i) => s + (i.goods?.priceFen ?? 0) * i.quantity, 0);
    const [combo] = await tx
      .insert(goodsCombinations)
      .values({
        name: pkg.name,
        priceFen: Math.floor((full * pkg.discount) / 10) * 10,
        mainGoodsId: ids[0],
        warehouseId,
      })
      .returning();
    await tx
      .insert(goodsCombinationItems)
      .values(items.map((i, n) => ({ combinationId: combo.id, goodsId: ids[n], quantity: i.quantity })));
  }

  const rules: (typeof giftRules.$inferInsert | null)[] = [
    // 买10盒阿莫西林赠1包医用棉签, repeating up to 5.
    byName.get('阿莫西林胶囊') && byName.get('稳健 医用棉签(灭菌)')
      ? {
          goodsId: byName.get('阿莫西林胶囊')?.id ?? 0,
          type: 1,
          buyQuantity: 10,
          giftGoodsId: byName.get('稳健 医用棉签(灭菌)')?.id ?? 0,
          giftQuantity: 1,
          repeat: true,
          maxGifts: 5,
        }
      : null,
    // 买1台血压计, ¥9.90 换购一支电子体温计.
    byName.get('鱼跃 上臂式电子血压计 YE660D') && byName.get('欧姆龙 电子体温计 MC-246')
      ? {
          goodsId: byName.get('鱼跃 上臂式电子血压计 YE660D')?.id ?? 0,
          type: 2,
          buyQuantity: 1,
          giftGoodsId: byName.get('欧姆龙 电子体温计 MC-246')?.id ?? 0,
          giftQuantity: 1,
          priceFen: 990,
        }
      : null,
  ];
  const present = rules.filter((r) => r !== null);
  if (present.length > 0) await tx.insert(giftRules).values(present);
  // The goods carry the badge of their rule (赠 / 换购), as on the cards, the detail page and
  // the tag filters.
  for (const rule of present) {
    const tag = giftTypeLabels[rule.type];
    await tx
      .update(goods)
      .set({ tags: sql`array_append(${goods.tags}, ${tag})` })
      .where(and(eq(goods.id, rule.goodsId), sql`not (${goods.tags} @> array[${tag}]::text[])`));
  }
}
