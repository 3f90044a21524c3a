import type { CategoryMenuItem, HeaderCommonData, UserBase } from '@yaocai/domain';
import { describe, expect, it } from 'vitest';
import { BADGE_MAX } from './api/cart-total';
import { categoryLink, MENU_CATEGORY_LIMIT, menuTree, NAV_LIMIT } from './api/header-common';
import { FOOTER_HELP_CHILDREN, footerHelp } from './api/site';
import { userStateFrom } from './api/user-base';
import {
  CLOSE_DURING_DRAW,
  LOTTERY_CLOSE_MS,
  LOTTERY_RESULT_DELAY_MS,
  showsLotteryBanner,
  winMessage,
} from './LotteryBanner';
import { qualityReportAction, serviceLabel } from './quality-report';
import { SIDEBAR_CLOSED_WIDTH, SIDEBAR_OPEN_WIDTH } from './side-bar-widths';

const item = (id: number, name = `c${id}`): CategoryMenuItem => ({
  id,
  name,
  logo: null,
  logo1: null,
  children: [],
});

describe('layout constants (spec section 9)', () => {
  it('match the spec', () => {
    expect([SIDEBAR_CLOSED_WIDTH, SIDEBAR_OPEN_WIDTH, BADGE_MAX]).toEqual([40, 310, 99]);
    expect([MENU_CATEGORY_LIMIT, NAV_LIMIT, FOOTER_HELP_CHILDREN]).toEqual([7, 9, 4]);
  });
});

describe('category menu', () => {
  const data = {
    category: [item(1)],
    category_yx: [item(2)],
    category_zy: [item(3)],
    category_qx: [item(4)],
  } as HeaderCommonData;
  it('variant picks its tree', () => {
    expect(menuTree(data, 'normal')[0].id).toBe(1);
    expect(menuTree(data, 'yx')[0].id).toBe(2);
    expect(menuTree(data, 'zy')[0].id).toBe(3);
    expect(menuTree(data, 'qx')[0].id).toBe(4);
    expect(menuTree(undefined, 'normal')).toEqual([]);
  });
  it('links to the list of its variant', () => {
    expect(categoryLink('normal', item(5, '抗生素'))).toBe(`/list/other/5/${encodeURIComponent('抗生素')}`);
    expect(categoryLink('yx', item(5))).toBe('/yx?category_id=5');
    expect(categoryLink('zy', item(5))).toBe('/zyyp?category_id=5');
    expect(categoryLink('qx', item(5))).toBe('/qxzq?category_id=5');
  });
});

describe('footer help', () => {
  it('keeps the first 4 children of each category', () => {
    const children = [1, 2, 3, 4, 5, 6].map((id) => ({ id, name: `a${id}`, url: `/help/${id}` }));
    const [category] = footerHelp([{ id: 1, name: '新人指南', children }]);
    expect(category.children.map((child) => child.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('user state', () => {
  it('after a failed load only show is set (a visitor header)', () => {
    expect(userStateFrom(undefined, true)).toEqual({ show: true, is_login: false });
    expect(userStateFrom(undefined, false)).toEqual({ show: false, is_login: false });
    const loaded = { show: true, is_login: true, company: '仁心大药房' } as UserBase;
    expect(userStateFrom(loaded, false)).toBe(loaded);
  });
});

describe('header service and quality report', () => {
  it('labels a non-default contact 专属客服', () => {
    expect(serviceLabel({ name: '王', phone: '1', is_default: 0 })).toBe('专属客服');
    expect(serviceLabel({ name: '王', phone: '1', is_default: 1 })).toBe('客服');
    expect(serviceLabel(null)).toBe('客服');
  });
  it('opens the report URL, else alerts the msg', () => {
    expect(qualityReportAction({ quality_inspection_url: 'https://r.test/a.pdf', msg: 'x' })).toEqual({
      kind: 'open',
      url: 'https://r.test/a.pdf',
    });
    expect(qualityReportAction({ quality_inspection_url: '', msg: '报告整理中' })).toEqual({
      kind: 'alert',
      text: '报告整理中',
    });
    expect(qualityReportAction({ quality_inspection_url: '', msg: '' })).toEqual({ kind: 'none' });
  });
});

describe('lottery banner (spec sections 4 and 9)', () => {
  it('is hidden on the activity and live routes and shown elsewhere', () => {
    for (const name of [
      'activity_lq',
      'activity_gq',
      'activity_yhhg',
      'eleven_gq',
      'eleven_big',
      'eleven_big_app',
      'live',
    ])
      expect(showsLotteryBanner(name), name).toBe(false);
    for (const name of ['index', 'list', 'cart', 'user']) expect(showsLotteryBanner(name), name).toBe(true);
  });
  it('says the win as the spec writes it, and the close warning; waits 2 s and closes over 1 s', () => {
    expect(winMessage({ name: '50积分', remarks: '可抵扣货款', kind: 'points' })).toBe(
      '恭喜您 , 抽中50积分 ( 可抵扣货款 )',
    );
    expect(CLOSE_DURING_DRAW).toBe('抽奖进行中 , 如果关闭后未出结果 , 请移步至个人中心查看结果。');
    expect([LOTTERY_RESULT_DELAY_MS, LOTTERY_CLOSE_MS]).toEqual([2000, 1000]);
  });
});
