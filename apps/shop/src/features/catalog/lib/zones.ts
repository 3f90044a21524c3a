import type { GoodsListQuery } from '@yaocai/domain';

export type ZoneCode = NonNullable<GoodsListQuery['zone']>;

export interface ZoneInfo {
  zone: ZoneCode;
  title: string;
  slogan: string;
  /** Banner colours (the zone's own look when no banner image is set). */
  colors: [string, string];
  /** Focus call of the zone's banner (spec section 7 lists these paths). */
  focusPath: string;
  sort?: GoodsListQuery['sort'];
  /** Category tree of the zone's filter row (headerCommon key). */
  menu?: 'category_yx' | 'category_zy' | 'category_qx';
}

const yx: ZoneInfo = {
  zone: 'yx',
  title: '优选专区',
  slogan: '精选优品 · 满额包邮 · 品质保障',
  colors: ['#0a7c4e', '#36c48a'],
  focusPath: '/api/focus/yx',
  menu: 'category_yx',
};
const kxzq: ZoneInfo = {
  zone: 'kxzq',
  title: '控销专区',
  slogan: '品牌控销 · 区域保护 · 价格稳定',
  colors: ['#6a3fc8', '#9b72ef'],
  focusPath: '/api/focus/kxzq',
};

/** Zone routes by route name (routes.tsx): the zone is derived from the route, not the URL. */
export const zoneByRoute: Record<string, ZoneInfo> = {
  yx,
  yx_table: yx,
  zyyp: {
    zone: 'zyyp',
    title: '中药饮片',
    slogan: '道地药材 · 自营直供 · 批批检验',
    colors: ['#8a5a2b', '#c38a4e'],
    focusPath: '/api/focus/zyzq',
    menu: 'category_zy',
  },
  qxzq: {
    zone: 'qxzq',
    title: '器械专区',
    slogan: '医疗器械 · 清仓特惠 · 正品保障',
    colors: ['#1867c0', '#4d9bf0'],
    focusPath: '/api/focus?position=qxzq',
    menu: 'category_qx',
  },
  jxqzc: {
    zone: 'jxqzc',
    title: '近效期专场',
    slogan: '近效期好货 · 超低折扣 · 先到先得',
    colors: ['#c62828', '#ff7a45'],
    focusPath: '/api/focus?position=jxqzc',
  },
  kxzq,
  kxzq_list: kxzq,
  kxzq_new: {
    ...kxzq,
    title: '控销新品',
    slogan: '控销新品首发 · 抢先订货',
    sort: 'newest',
    focusPath: '/api/focus/new_kxzq',
  },
  kxzq_goods: kxzq,
};

/** Home page zone entrances. */
export const zoneEntrances = [
  { to: '/yx', title: '优选专区', note: '满额包邮', color: '#0a7c4e' },
  { to: '/zyyp', title: '中药饮片', note: '自营道地药材', color: '#8a5a2b' },
  { to: '/qxzq', title: '器械专区', note: '清仓特惠', color: '#1867c0' },
  { to: '/jxqzc', title: '近效期专场', note: '低至3折', color: '#c62828' },
  { to: '/kxzq', title: '控销专区', note: '区域保护', color: '#6a3fc8' },
  { to: '/ppzq', title: '品牌专区', note: '名厂名药', color: '#b35500' },
];
