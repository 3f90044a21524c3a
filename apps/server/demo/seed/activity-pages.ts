import type { ActivitySection } from '@yaocai/domain';
import { and, asc, eq, ilike, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../src/db/client';
import { activityPages, ads, coupons, goods, goodsCategories } from '../../src/db/schema';

const DAY = 86_400_000;

async function goodsLike(tx: Tx, words: string[], limit: number) {
  const rows = await tx
    .select({ id: goods.id })
    .from(goods)
    .where(and(eq(goods.isOnSale, true), or(...words.map((w) => ilike(goods.name, `%${w}%`)))))
    .orderBy(asc(goods.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

async function adImage(tx: Tx, title: string) {
  const [row] = await tx.select({ image: ads.image }).from(ads).where(eq(ads.title, title));
  return row?.image ?? '';
}

/**
 * 专题/活动页: a running 专区 page (冬季感冒专场, linked from a home banner through its activity
 * link), a running 活动 page (家用器械换季节) with a coupon floor, and a 专区 page starting in
 * three days (its link says 活动暂未开始 with the countdown). Needs the catalogue and the ads.
 */
export async function seedActivityPages(tx: Tx, at: Date) {
  const now = at.getTime();
  const [cold, devices, herbs] = await Promise.all([
    goodsLike(tx, ['感冒', '清热', '板蓝根'], 8),
    goodsLike(tx, ['血压计', '血糖仪', '体温计'], 8),
    goodsLike(tx, ['黄芪', '当归', '枸杞'], 4),
  ]);
  // The devices page's coupons hold for the categories of its devices, 30 days after the claim.
  const deviceCategories = devices.length
    ? (
        await tx
          .selectDistinct({ id: goodsCategories.categoryId })
          .from(goodsCategories)
          .where(inArray(goodsCategories.goodsId, devices))
      ).map((r) => r.id)
    : [];
  const deviceCoupon = {
    kind: 'amount_off' as const,
    coverage: deviceCategories.length ? { categoryIds: deviceCategories } : { all: true },
    validDays: 30,
  };
  const pageCoupons = await tx
    .insert(coupons)
    .values([
      { ...deviceCoupon, name: '器械专享 满500减30', thresholdFen: 50_000, amountFen: 3_000 },
      { ...deviceCoupon, name: '器械专享 满1000减80', thresholdFen: 100_000, amountFen: 8_000 },
    ])
    .returning({ id: coupons.id });
  const [homeAd] = await tx
    .insert(ads)
    .values({
      position: 'home_banner',
      title: '冬季感冒专场 限时特惠',
      subtitle: '感冒清热 · 止咳化痰 专场直降',
      color: '#a93226',
      image: '',
      sort: 9,
    })
    .returning({ id: ads.id });
  const coldBanner = `/media/ads/${homeAd.id}.svg`;
  const page = (
    title: string,
    template: 'zqmb' | 'hdmb',
    startsInDays: number,
    endsInDays: number,
    sections: ActivitySection[],
  ) => ({
    title,
    template,
    status: 'published',
    startsAt: new Date(now + startsInDays * DAY),
    endsAt: new Date(now + endsInDays * DAY),
    sections,
  });
  const [coldPage] = await tx
    .insert(activityPages)
    .values([
      page('冬季感冒专场', 'zqmb', -1, 20, [
        { type: 'banner', image: coldBanner, link: '', alt: '冬季感冒专场 限时特惠' },
        { type: 'countdown', title: '距专场结束', until: '' },
        { type: 'goods', title: '感冒清热 常备好药', goods_ids: cold },
        {
          type: 'notice',
          title: '专场说明',
          text: '专场商品按会员价结算，可与满减活动同享。\n含麻黄碱类复方制剂按规定限量销售，需上传回执。',
        },
      ]),
      page('家用器械换季节', 'hdmb', -2, 15, [
        {
          type: 'banner',
          image: await adImage(tx, '家用器械 换季上新'),
          link: '/qxzq',
          alt: '家用器械 换季上新',
        },
        { type: 'coupons', title: '先领券 再采购', coupon_ids: pageCoupons.map((c) => c.id) },
        { type: 'countdown', title: '距活动结束', until: '' },
        { type: 'goods', title: '血压计 · 血糖仪 · 体温计', goods_ids: devices },
      ]),
      page('双十二道地药材节', 'zqmb', 3, 10, [
        { type: 'banner', image: await adImage(tx, '道地药材 中药饮片专场'), link: '/zyyp', alt: '道地药材' },
        { type: 'goods', title: '道地药材 产地直采', goods_ids: herbs },
      ]),
    ])
    .returning({ id: activityPages.id });
  // The home banner opens the page through its activity link (/activity/:url -> /loading/activity).
  await tx
    .update(ads)
    .set({ image: coldBanner, url: `/activity/${coldPage.id}` })
    .where(eq(ads.id, homeAd.id));
}
