import { formatYuan, type PromotionHubData } from '@yaocai/domain';
import type { ViewerCtx } from '../../lib/context';
import { loadCartPromotions } from './loaders';
import { activityPageList } from './pages';
import { liveSpecialGoodsIds } from './specials';

const seconds = (d: Date) => Math.floor(d.getTime() / 1000);

/**
 * /yyh 优医汇: every promotion live now, one card each: the full-reduction activities, the
 * running activity pages, and the flash sale, daily specials and welfare when goods are on them,
 * then the coupon centre and the combination packages.
 */
export async function promotionHub(ctx: ViewerCtx): Promise<PromotionHubData> {
  const [promotions, zones, events, spike, daily, welfare] = await Promise.all([
    loadCartPromotions(ctx.db, ctx.now),
    activityPageList(ctx, { template: 'zqmb' }),
    activityPageList(ctx, { template: 'hdmb' }),
    liveSpecialGoodsIds(ctx.db, ['spike'], ctx.now),
    liveSpecialGoodsIds(ctx.db, ['daily_special'], ctx.now),
    liveSpecialGoodsIds(ctx.db, ['welfare'], ctx.now),
  ]);
  const list: PromotionHubData['list'] = [];
  if (spike.length)
    list.push({
      kind: 'spike',
      badge: '秒',
      name: '整点秒杀',
      text: `${spike.length}种商品限时秒杀`,
      link: '/',
      ends_at: null,
    });
  if (daily.length)
    list.push({
      kind: 'daily_special',
      badge: '特',
      name: '每日特价',
      text: `今日${daily.length}种特价商品`,
      link: '/mrtj',
      ends_at: null,
    });
  if (welfare.length)
    list.push({
      kind: 'welfare',
      badge: '特',
      name: '全场94折',
      text: `${welfare.length}种商品享福利折扣`,
      link: '/welfare',
      ends_at: null,
    });
  for (const a of promotions.activities)
    list.push({
      kind: 'full_reduction',
      badge: '满',
      name: a.name,
      text: a.tiers.map((t) => `满${formatYuan(t.amountFen)}减${formatYuan(t.reductionFen)}`).join('，'),
      link: '/yyh/list?tag=满',
      ends_at: null,
    });
  for (const page of [...zones, ...events].filter((p) => p.phase === 'running'))
    list.push({
      kind: 'activity_page',
      badge: '活动',
      name: page.title,
      text: '专题活动进行中',
      link: `/${page.template}?id=${page.id}`,
      ends_at: page.ends_at,
    });
  list.push({
    kind: 'coupon',
    badge: '券',
    name: '领券中心',
    text: '先领券，再采购',
    link: '/lqzx',
    ends_at: null,
  });
  if (promotions.combinations.size)
    list.push({
      kind: 'combination',
      badge: '组合',
      name: '组合专区',
      text: `${promotions.combinations.size}个组合套餐`,
      link: '/zhzq',
      ends_at: null,
    });
  list.push({
    kind: 'cash_back',
    badge: '返',
    name: '满额返现',
    text: '订单满额返现到余额',
    link: '/hb',
    ends_at: null,
  });
  return { list, timestamp: seconds(ctx.now) };
}
