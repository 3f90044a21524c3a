import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { documentTitle } from '../layout/api/site';
import { loadsUserBaseOnEntry } from '../layout/api/user-base';
import type { AppRoute, RouteFlags } from './route-types';
import { routeByName, routeTable } from './routes';

/**
 * The route table against spec section 2: every route with its path, title, display flags and
 * redirects. URLs are sample addresses a buyer would type; each must land on the named route.
 */

type Kind = 'home' | 'shop' | 'member' | 'login' | 'bare' | 'cart1' | 'cart2' | 'cart3' | 'cart4';
const expectedFlags: Record<Kind, Partial<RouteFlags>> = {
  home: {
    header: true,
    footer: true,
    sideBar: true,
    menu: 'normal',
    menuExpanded: true,
    nav: true,
    topAd: true,
  },
  shop: {
    header: true,
    loginHeader: false,
    footer: true,
    sideBar: true,
    nav: true,
    menuExpanded: false,
    topAd: false,
  },
  member: { header: true, footer: true, sideBar: true, requiresLogin: true },
  login: { header: false, loginHeader: true, footer: true, sideBar: false, menu: false, nav: false },
  bare: { header: false, loginHeader: false, footer: false, sideBar: false, menu: false, nav: false },
  cart1: { header: true, sideBar: true, menu: false, nav: false, cartStep: 1, requiresLogin: true },
  cart2: { header: true, menu: false, nav: false, cartStep: 2, requiresLogin: true },
  cart3: { header: true, menu: false, nav: false, cartStep: 3, requiresLogin: true },
  cart4: { header: true, menu: false, nav: false, cartStep: 4, requiresLogin: true },
};

// [sample URL, route name, title (undefined = site title only), kind]
const spec: [string, string, string | undefined, Kind][] = [
  ['/404', '404', '页面不存在', 'shop'],
  ['/noActivity', 'noActivity', '活动不存在', 'shop'],
  ['/', 'index', '首页', 'home'],
  ['/login', 'login', '登录', 'login'],
  ['/loading', 'loading', '加载中', 'bare'],
  ['/loading/activity', 'loading_activity', '活动加载中', 'bare'],
  ['/jfsc', 'jfsc', '积分商城', 'shop'],
  ['/eleven_index', 'eleven_index', '首页', 'bare'],
  ['/list/other/12', 'list_other', '药品列表', 'shop'],
  ['/list/other/12/抗生素', 'list_other', '药品列表', 'shop'],
  ['/list', 'list_index', '药品列表', 'shop'],
  ['/list/table', 'list_table', '药品列表', 'shop'],
  ['/list/no_image', 'list_no_image', '药品列表', 'shop'],
  ['/list/info/101', 'list_info', '商品详情', 'shop'],
  ['/search', 'search_index', '搜索结果', 'shop'],
  ['/search/table', 'search_table', '搜索结果', 'shop'],
  ['/yx', 'yx', '优选专区', 'shop'],
  ['/yx/table', 'yx_table', '优选专区', 'shop'],
  ['/yx/rule', 'yx_rule', '优选规则', 'bare'],
  ['/zyyp', 'zyyp', '中药饮片', 'shop'],
  ['/qxzq', 'qxzq', '器械专区', 'shop'],
  ['/jxqzc', 'jxqzc', '近效期专场', 'shop'],
  ['/kxzq', 'kxzq', '控销专区', 'shop'],
  ['/kxzq/list', 'kxzq_list', '控销专区', 'shop'],
  ['/kxzq/new', 'kxzq_new', '控销新品', 'shop'],
  ['/kxzq/goods/abc', 'kxzq_goods', '控销专区', 'shop'],
  ['/kxzq/goods/abc/1', 'kxzq_goods', '控销专区', 'shop'],
  ['/ppzq', 'ppzq', '品牌专区', 'shop'],
  ['/ppzq/2', 'ppzq_page', '品牌专区', 'shop'],
  ['/ppzq/info/3', 'ppzq_info', '品牌详情', 'shop'],
  ['/ppzq/info/3/2', 'ppzq_info', '品牌详情', 'shop'],
  ['/yjh', 'yjh', '活动专区', 'shop'],
  ['/yjh/5', 'yjh', '活动专区', 'shop'],
  ['/Hdzx/1,2', 'Hdzx', '活动中心', 'shop'],
  ['/Hdzx/1,2/3', 'Hdzx', '活动中心', 'shop'],
  ['/hb', 'hb', '满额返现', 'shop'],
  ['/welfare', 'welfare', '全场94折', 'shop'],
  ['/mrtj', 'mrtj', '每日特价', 'shop'],
  ['/lqzx', 'lqzx', '领券中心', 'shop'],
  ['/zqmb', 'zqmb', undefined, 'shop'],
  ['/hdmb', 'hdmb', undefined, 'shop'],
  ['/yyh', 'yyh', '优医汇', 'shop'],
  ['/yyh/list', 'yyh_list', '优医汇', 'shop'],
  ['/zhzq', 'zhzq', '组合专区', 'shop'],
  ['/cart', 'cart', '购物车', 'cart1'],
  ['/cart/step1', 'cart_step1', '购物车', 'cart1'],
  ['/cart/step2', 'cart_step2', '确认订单', 'cart2'],
  ['/cart/step3/88', 'cart_step3', '支付订单', 'cart3'],
  ['/cart/step4', 'cart_step4', '支付完成', 'cart4'],
  ['/cart/hm', 'cart_hm', '支付订单', 'cart3'],
  ['/user', 'user_hyzx', '会员中心', 'member'],
  ['/basic', 'basic', '基本信息', 'member'],
  ['/zzzj', 'zzzj', '资质证件', 'member'],
  ['/ddgl', 'ddgl', '多店管理', 'member'],
  ['/bdwx', 'bdwx', '绑定微信', 'member'],
  ['/addr', 'addr', '收货地址', 'member'],
  ['/wdxx', 'wdxx', '我的消息', 'member'],
  ['/yegl', 'yegl', '余额管理', 'member'],
  ['/zqgl', 'zqgl', '账期管理', 'member'],
  ['/yhq', 'yhq', '优惠券', 'member'],
  ['/xjq', 'xjq', '现金券', 'member'],
  ['/star', 'star', '我的收藏', 'member'],
  ['/dzht', 'dzht', '电子合同', 'member'],
  ['/order', 'order', '我的订单', 'member'],
  ['/order/info/9', 'order_info', '订单详情', 'member'],
  ['/order/returnInfo/9', 'order_return', '退货详情', 'member'],
  ['/order/afterSalesInfo/9', 'order_after_sales', '售后详情', 'member'],
  ['/hmdd', 'hmdd', '含麻订单', 'member'],
  ['/kjcg', 'kjcg', '快捷采购', 'member'],
  ['/pzqg', 'pzqg', '品种求购', 'member'],
  ['/pzqg/add', 'pzqg_add', '新增求购', 'member'],
  ['/pzqg/info', 'pzqg_info', '求购详情', 'member'],
  ['/dzfp', 'dzfp', '电子发票', 'member'],
  ['/yjfk', 'yjfk', '意见反馈', 'member'],
  ['/register/step1', 'register_step1', '注册', 'login'],
  ['/register/step2', 'register_step2', '注册', 'login'],
  ['/register/step3', 'register_step3', '注册', 'login'],
  ['/register/wechat', 'register_wechat', '微信注册', 'login'],
  ['/register/dd/step1', 'register_dd_step1', '多店注册', 'login'],
  ['/register/dd/step2', 'register_dd_step2', '多店注册', 'login'],
  ['/register/dd/step3', 'register_dd_step3', '多店注册', 'login'],
  ['/forget/step1', 'forget_step1', '找回密码', 'login'],
  ['/forget/step2', 'forget_step2', '重置密码', 'login'],
  ['/forget/step3', 'forget_step3', '重置成功', 'login'],
  ['/help/xrzn/hyzc', 'help_hyzc', '会员注册', 'shop'],
  ['/help/xrzn/gwzn', 'help_gwzn', '购物指南', 'shop'],
  ['/help/xrzn/aqgy', 'help_aqgy', '安全购药', 'shop'],
  ['/help/fwbz/wzzz', 'help_wzzz', '网站资质', 'shop'],
  ['/help/fwbz/yhxy', 'help_yhxy', '用户协议', 'shop'],
  ['/help/fwbz/zskf', 'help_zskf', '专属客服', 'shop'],
  ['/help/us/tsjy', 'help_tsjy', '投诉建议', 'shop'],
  ['/help/us/link', 'help_link', '联系我们', 'shop'],
  ['/help/zfps/ddzf', 'help_ddzf', '订单支付', 'shop'],
  ['/help/zfps/hwps', 'help_hwps', '货物配送', 'shop'],
  ['/help/zfps/ypth', 'help_ypth', '药品退换', 'shop'],
  ['/news/hy', 'news_hy', '行业新闻', 'shop'],
  ['/news/company', 'news_company', '公司新闻', 'shop'],
  ['/news/info/7/hy', 'news_info', '新闻详情', 'shop'],
];

// [sample URL, route name, redirect target for the sample]
const redirects: [string, string, string][] = [
  ['/activity', 'activity', '/loading/activity'],
  ['/activity/a/b/c', 'activity', '/loading/activity'],
  ['/zhzx', 'zhzx', '/basic'],
  ['/wdqb', 'wdqb', '/yegl'],
  ['/order/wl/9', 'order_wl', '/order/info/9?tab=wl'],
  ['/register', 'register', '/register_index'],
  ['/register_index', 'register_index', '/register/step1'],
  ['/register_dd', 'register_dd', '/register/dd/step1'],
  ['/forget', 'forget', '/forget/step1'],
  ['/help/pay', 'help_pay', '/help/zfps/ddzf'],
];

const routeObjects = [
  ...routeTable.map((route) => ({ path: route.path, id: route.name })),
  { path: '*', id: '*' },
];
function routeFor(url: string): string | undefined {
  const matches = matchRoutes(routeObjects, url);
  return matches?.[matches.length - 1]?.route.id;
}

function redirectTarget(route: AppRoute, url: string): string {
  const target = route.redirect;
  if (typeof target === 'string') return target;
  if (!target) throw new Error(`${route.name} does not redirect`);
  const params = matchRoutes([{ path: route.path }], url)?.[0]?.params ?? {};
  return target(params);
}

describe('route table (spec section 2)', () => {
  it.each(spec)('%s -> %s titled %s with %s flags', (url, name, title, kind) => {
    expect(routeFor(url)).toBe(name);
    const route = routeByName.get(name)!;
    expect(route.title).toBe(title);
    expect(route.flags).toMatchObject(expectedFlags[kind]);
    expect(route.redirect).toBeUndefined();
    expect(route.page || route.feature || route.external).toBeTruthy();
  });

  it.each(redirects)('%s (%s) redirects to %s', (url, name, target) => {
    expect(routeFor(url)).toBe(name);
    expect(redirectTarget(routeByName.get(name)!, url)).toBe(target);
  });

  it('redirect chains end on real routes: /register -> /register_index -> /register/step1', () => {
    let url = '/register';
    const seen: string[] = [];
    for (let hops = 0; hops < 5; hops++) {
      const route = routeByName.get(routeFor(url)!)!;
      if (!route.redirect) break;
      seen.push(url);
      url = redirectTarget(route, url);
    }
    expect(seen).toEqual(['/register', '/register_index']);
    expect(url).toBe('/register/step1');
  });

  it('covers every route of the table and nothing else', () => {
    const named = new Set([...spec.map((row) => row[1]), ...redirects.map((row) => row[1])]);
    expect([...routeTable.map((route) => route.name)].sort()).toEqual([...named].sort());
    expect(new Set(routeTable.map((route) => route.name)).size).toBe(routeTable.length);
  });

  it('menu variants follow the zone: preferred, self-operated, clearance, normal', () => {
    expect(routeByName.get('yx')?.flags.menu).toBe('yx');
    expect(routeByName.get('yx_table')?.flags.menu).toBe('yx');
    expect(routeByName.get('zyyp')?.flags.menu).toBe('zy');
    expect(routeByName.get('qxzq')?.flags.menu).toBe('qx');
    expect(routeByName.get('list_index')?.flags.menu).toBe('normal');
  });

  it('only the home route shows the top-right ad and an expanded menu', () => {
    expect(routeTable.filter((route) => route.flags.topAd).map((route) => route.name)).toEqual(['index']);
    expect(routeTable.filter((route) => route.flags.menuExpanded).map((route) => route.name)).toEqual([
      'index',
    ]);
  });

  it('eleven_index leaves for the main site address', () => {
    expect(routeByName.get('eleven_index')?.external).toBe('/');
  });

  it('unknown paths fall through to the catch-all (which sends to /404)', () => {
    expect(routeFor('/no/such/page')).toBe('*');
    expect(routeFor('/list/info')).toBe('*');
  });
});

describe('document title and user loading rules', () => {
  it('title is {route title}-{site title}, site title only when the route has none', () => {
    expect(documentTitle('首页', '药采')).toBe('首页-药采');
    expect(documentTitle('购物车', undefined)).toBe('购物车-药采');
    expect(documentTitle(undefined, '药采商城')).toBe('药采商城');
  });

  it('base user info loads on entry except on the member centre, login and bind-WeChat', () => {
    expect(loadsUserBaseOnEntry('user_hyzx')).toBe(false);
    expect(loadsUserBaseOnEntry('login')).toBe(false);
    expect(loadsUserBaseOnEntry('bdwx')).toBe(false);
    expect(loadsUserBaseOnEntry('index')).toBe(true);
    expect(loadsUserBaseOnEntry('order')).toBe(true);
  });
});
