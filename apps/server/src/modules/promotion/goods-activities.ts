import {
  type CoverageFacts,
  describeGiftRule,
  formatYuan,
  GIFT_TYPE,
  type GoodsActivityView,
} from '@yaocai/domain';
import type { ViewerCtx } from '../../lib/context';
import { eligibilityOf } from '../../lib/eligibility';
import { activitiesCovering, loadCartPromotions } from './loaders';
import { loadLineSpecials } from './specials';

const specialLinks: Record<string, string> = { spike: '/', daily_special: '/mrtj', welfare: '/welfare' };

/**
 * The live promotions of one goods for this viewer (GET /api/goods/activities?goods_id=): special
 * price or welfare, full-reduction activities covering it, gift rules and the packages holding
 * it. A price is named only when the viewer may see prices.
 */
export async function goodsActivities(
  ctx: ViewerCtx,
  goods: CoverageFacts & { unit: string },
): Promise<GoodsActivityView[]> {
  const userId = ctx.actor.kind === 'buyer' ? ctx.actor.userId : 0;
  const [promotions, specials] = await Promise.all([
    loadCartPromotions(ctx.db, ctx.now),
    loadLineSpecials(ctx.db, userId, [goods.goodsId], ctx.now),
  ]);
  const visible = eligibilityOf(ctx).price === null;
  const out: GoodsActivityView[] = [];
  const special = specials.get(goods.goodsId);
  if (special)
    out.push({
      kind: special.kind,
      code: special.code,
      id: special.promotionId,
      badge: special.code === 'spike' ? '秒' : '特',
      name: special.label,
      text:
        special.kind === 'welfare'
          ? `${special.ratePercent / 10}折`
          : visible
            ? `活动价${formatYuan(special.unitPriceFen)}${special.limit ? `，每店限购${special.limit}${goods.unit}` : ''}`
            : '登录并通过资质审核后可见活动价',
      link: specialLinks[special.code] ?? '/',
    });
  for (const a of activitiesCovering(promotions, goods))
    out.push({
      kind: 'full_reduction',
      code: 'full_reduction',
      id: a.id,
      badge: '满',
      name: a.name,
      text: a.tiers.map((t) => `满${formatYuan(t.amountFen)}减${formatYuan(t.reductionFen)}`).join('，'),
      link: `/list/info/${goods.goodsId}`,
    });
  for (const rule of promotions.giftRulesByGoods.get(goods.goodsId) ?? [])
    out.push({
      kind: 'gift',
      code: rule.type === GIFT_TYPE.addOn ? 'add_on' : 'gift',
      id: rule.id,
      badge: rule.type === GIFT_TYPE.addOn ? '换购' : '赠',
      name: rule.type === GIFT_TYPE.addOn ? '加价换购' : '买赠',
      text:
        rule.type === GIFT_TYPE.addOn && !visible
          ? `可换购${rule.giftGoodsName}`
          : describeGiftRule({
              ...rule,
              maxGifts: rule.maxGifts ?? undefined,
              unit: goods.unit,
              giftName: rule.giftGoodsName,
              giftUnit: rule.giftGoodsUnit,
            }),
      link: `/list/info/${goods.goodsId}`,
    });
  for (const c of promotions.combinations.values())
    if (c.items.some((i) => i.goodsId === goods.goodsId))
      out.push({
        kind: 'combination',
        code: 'combination',
        id: c.id,
        badge: '组合',
        name: c.name,
        text: visible ? `套餐价${formatYuan(c.priceFen)}` : '组合购买更优惠',
        link: '/zhzq',
      });
  return out;
}
