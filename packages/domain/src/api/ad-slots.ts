// Ad positions and the slot each is shown in. Plain data, no zod: the shop's home route reads the
// banner size from here, and this file must not pull the console's schemas into that chunk.

/** A zone's banner: a compact strip, so the zone's goods show on the first screen (1366 x 768). */
export const ZONE_BANNER_SIZE = { w: 1200, h: 160 } as const;

/**
 * Where an ad shows, with its Chinese name (the focus/:position calls of spec section 7) and the
 * size in CSS px of the slot the shop shows it in: the drawn demo banners are made at that size and
 * the console names it, so an image fills its slot without being cropped.
 */
export const adPositions = [
  { code: 'home_banner', name: '首页轮播', size: { w: 770, h: 388 } },
  { code: 'top', name: '顶部通栏', size: { w: 1200, h: 80 } },
  { code: 'right', name: '右侧广告', size: { w: 300, h: 400 } },
  { code: 'home_floor', name: '首页楼层', size: { w: 400, h: 200 } },
  { code: 'login', name: '登录页', size: { w: 1200, h: 400 } },
  { code: 'xrtj', name: '新人推荐', size: { w: 1200, h: 400 } },
  { code: 'yx', name: '优选专区', size: ZONE_BANNER_SIZE },
  { code: 'zyzq', name: '中药专区', size: ZONE_BANNER_SIZE },
  { code: 'qxzq', name: '器械专区', size: ZONE_BANNER_SIZE },
  { code: 'jxqzc', name: '近效期专场', size: ZONE_BANNER_SIZE },
  { code: 'kxzq', name: '控销专区', size: ZONE_BANNER_SIZE },
  { code: 'new_kxzq', name: '控销专区（新）', size: ZONE_BANNER_SIZE },
  { code: 'ppzq', name: '品牌专区', size: ZONE_BANNER_SIZE },
  { code: 'lottery', name: '抽奖页广告', size: { w: 1200, h: 400 } },
] as const;
/** The size of an ad position's slot (a wide 1200 x 400 for a position not listed). */
export const adSlotSize = (position: string): { w: number; h: number } =>
  adPositions.find((p) => p.code === position)?.size ?? { w: 1200, h: 400 };
