import type { AppRoute, RouteFlags } from './route-types';

/**
 * THE route table of the shop: every route of spec section 2 with its display flags, title and
 * redirects. The router, the layout (header, menus, side bar, footer), document titles and the
 * route-table test all read this one list.
 */

const shop: RouteFlags = {
  header: true,
  loginHeader: false,
  footer: true,
  sideBar: true,
  menu: 'normal',
  menuExpanded: false,
  nav: true,
  topAd: false,
  requiresLogin: false,
};
const home: RouteFlags = { ...shop, menuExpanded: true, topAd: true };
const zone = (menu: RouteFlags['menu']): RouteFlags => ({ ...shop, menu });
const member: RouteFlags = { ...shop, requiresLogin: true };
const loginStyle: RouteFlags = {
  ...shop,
  header: false,
  loginHeader: true,
  sideBar: false,
  menu: false,
  nav: false,
};
const bare: RouteFlags = { ...shop, header: false, footer: false, sideBar: false, menu: false, nav: false };
const cart = (step: 1 | 2 | 3 | 4): RouteFlags => ({
  ...shop,
  menu: false,
  nav: false,
  cartStep: step,
  requiresLogin: true,
});
const interstitial: RouteFlags = { ...bare };

const redirectRoute = (name: string, path: string, redirect: AppRoute['redirect']): AppRoute => ({
  name,
  path,
  redirect,
  flags: bare,
});

export const routeTable: AppRoute[] = [
  // General
  {
    name: 'index',
    path: '/',
    title: '首页',
    flags: home,
    page: () => import('../features/catalog/pages/HomePage'),
  },
  {
    name: '404',
    path: '/404',
    title: '页面不存在',
    flags: shop,
    page: () => import('../features/system/pages/NotFoundPage'),
  },
  {
    name: 'noActivity',
    path: '/noActivity',
    title: '活动不存在',
    flags: shop,
    page: () => import('../features/system/pages/NoActivityPage'),
  },
  {
    name: 'login',
    path: '/login',
    title: '登录',
    flags: loginStyle,
    page: () => import('../features/account/pages/LoginPage'),
  },
  {
    name: 'loading',
    path: '/loading',
    title: '加载中',
    flags: interstitial,
    page: () => import('../features/system/pages/LoadingPage'),
  },
  {
    name: 'loading_activity',
    path: '/loading/activity',
    title: '活动加载中',
    flags: interstitial,
    page: () => import('../features/system/pages/LoadingPage'),
  },
  { name: 'jfsc', path: '/jfsc', title: '积分商城', flags: shop, feature: '积分商城' },
  redirectRoute('activity', '/activity/:url?/:url1?/:url2?', '/loading/activity'),
  { name: 'eleven_index', path: '/eleven_index', title: '首页', flags: bare, external: '/' },

  // Lists, search, detail
  {
    name: 'list_other',
    path: '/list/other/:id/:name?',
    title: '药品列表',
    flags: shop,
    page: () => import('../features/catalog/pages/ListPage'),
  },
  {
    name: 'list_index',
    path: '/list',
    title: '药品列表',
    flags: shop,
    page: () => import('../features/catalog/pages/ListPage'),
  },
  {
    name: 'list_table',
    path: '/list/table',
    title: '药品列表',
    flags: shop,
    page: () => import('../features/catalog/pages/ListPage'),
  },
  {
    name: 'list_no_image',
    path: '/list/no_image',
    title: '药品列表',
    flags: shop,
    page: () => import('../features/catalog/pages/ListPage'),
  },
  {
    name: 'list_info',
    path: '/list/info/:id',
    title: '商品详情',
    flags: shop,
    page: () => import('../features/catalog/pages/DetailPage'),
  },
  {
    name: 'search_index',
    path: '/search',
    title: '搜索结果',
    flags: shop,
    page: () => import('../features/catalog/pages/ListPage'),
  },
  {
    name: 'search_table',
    path: '/search/table',
    title: '搜索结果',
    flags: shop,
    page: () => import('../features/catalog/pages/ListPage'),
  },

  // Zones
  {
    name: 'yx',
    path: '/yx',
    title: '优选专区',
    flags: zone('yx'),
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'yx_table',
    path: '/yx/table',
    title: '优选专区',
    flags: zone('yx'),
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'yx_rule',
    path: '/yx/rule',
    title: '优选规则',
    flags: bare,
    page: () => import('../features/catalog/pages/YxRulePage'),
  },
  {
    name: 'zyyp',
    path: '/zyyp',
    title: '中药饮片',
    flags: zone('zy'),
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'qxzq',
    path: '/qxzq',
    title: '器械专区',
    flags: zone('qx'),
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'jxqzc',
    path: '/jxqzc',
    title: '近效期专场',
    flags: shop,
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'kxzq',
    path: '/kxzq',
    title: '控销专区',
    flags: shop,
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'kxzq_list',
    path: '/kxzq/list',
    title: '控销专区',
    flags: shop,
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'kxzq_new',
    path: '/kxzq/new',
    title: '控销新品',
    flags: shop,
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'kxzq_goods',
    path: '/kxzq/goods/:url/:ads?',
    title: '控销专区',
    flags: shop,
    page: () => import('../features/catalog/pages/ZonePage'),
  },
  {
    name: 'ppzq',
    path: '/ppzq',
    title: '品牌专区',
    flags: shop,
    page: () => import('../features/catalog/pages/BrandZonePage'),
  },
  {
    name: 'ppzq_page',
    path: '/ppzq/:page',
    title: '品牌专区',
    flags: shop,
    page: () => import('../features/catalog/pages/BrandZonePage'),
  },
  {
    name: 'ppzq_info',
    path: '/ppzq/info/:id/:page?',
    title: '品牌详情',
    flags: shop,
    page: () => import('../features/catalog/pages/BrandDetailPage'),
  },
  { name: 'yjh', path: '/yjh/:id?', title: '活动专区', flags: shop, feature: '活动专区' },
  { name: 'Hdzx', path: '/Hdzx/:ids/:id?', title: '活动中心', flags: shop, feature: '活动中心' },
  { name: 'hb', path: '/hb', title: '满额返现', flags: shop, feature: '满额返现' },
  { name: 'welfare', path: '/welfare', title: '全场94折', flags: shop, feature: '全场94折' },
  { name: 'mrtj', path: '/mrtj', title: '每日特价', flags: shop, feature: '每日特价' },
  { name: 'lqzx', path: '/lqzx', title: '领券中心', flags: shop, feature: '领券中心' },
  { name: 'zqmb', path: '/zqmb', flags: shop, feature: '专区模板' },
  { name: 'hdmb', path: '/hdmb', flags: shop, feature: '活动模板' },
  { name: 'yyh', path: '/yyh', title: '优医汇', flags: shop, feature: '优医汇' },
  { name: 'yyh_list', path: '/yyh/list', title: '优医汇', flags: shop, feature: '优医汇' },
  { name: 'zhzq', path: '/zhzq', title: '组合专区', flags: shop, feature: '组合专区' },

  // Cart flow
  {
    name: 'cart',
    path: '/cart',
    title: '购物车',
    flags: cart(1),
    page: () => import('../features/cart/pages/CartPage'),
  },
  {
    name: 'cart_step1',
    path: '/cart/step1',
    title: '购物车',
    flags: cart(1),
    page: () => import('../features/cart/pages/CartPage'),
  },
  { name: 'cart_step2', path: '/cart/step2', title: '确认订单', flags: cart(2), feature: '确认订单' },
  { name: 'cart_step3', path: '/cart/step3/:id', title: '支付订单', flags: cart(3), feature: '订单支付' },
  { name: 'cart_step4', path: '/cart/step4', title: '支付完成', flags: cart(4), feature: '支付完成' },
  { name: 'cart_hm', path: '/cart/hm', title: '支付订单', flags: cart(3), feature: '订单支付' },

  // Account
  { name: 'user_hyzx', path: '/user', title: '会员中心', flags: member, feature: '会员中心' },
  redirectRoute('zhzx', '/zhzx', '/basic'),
  { name: 'basic', path: '/basic', title: '基本信息', flags: member, feature: '基本信息' },
  { name: 'zzzj', path: '/zzzj', title: '资质证件', flags: member, feature: '资质证件' },
  { name: 'ddgl', path: '/ddgl', title: '多店管理', flags: member, feature: '多店管理' },
  { name: 'bdwx', path: '/bdwx', title: '绑定微信', flags: member, feature: '绑定微信' },
  { name: 'addr', path: '/addr', title: '收货地址', flags: member, feature: '收货地址' },
  { name: 'wdxx', path: '/wdxx', title: '我的消息', flags: member, feature: '我的消息' },
  redirectRoute('wdqb', '/wdqb', '/yegl'),
  { name: 'yegl', path: '/yegl', title: '余额管理', flags: member, feature: '余额管理' },
  { name: 'zqgl', path: '/zqgl', title: '账期管理', flags: member, feature: '账期管理' },
  { name: 'yhq', path: '/yhq', title: '优惠券', flags: member, feature: '优惠券' },
  { name: 'xjq', path: '/xjq', title: '现金券', flags: member, feature: '现金券' },
  {
    name: 'star',
    path: '/star',
    title: '我的收藏',
    flags: member,
    page: () => import('../features/catalog/pages/FavoritesPage'),
  },
  { name: 'dzht', path: '/dzht', title: '电子合同', flags: member, feature: '电子合同' },
  { name: 'order', path: '/order', title: '我的订单', flags: member, feature: '我的订单' },
  { name: 'order_info', path: '/order/info/:id', title: '订单详情', flags: member, feature: '订单详情' },
  {
    name: 'order_return',
    path: '/order/returnInfo/:id',
    title: '退货详情',
    flags: member,
    feature: '退货详情',
  },
  {
    name: 'order_after_sales',
    path: '/order/afterSalesInfo/:id',
    title: '售后详情',
    flags: member,
    feature: '售后详情',
  },
  redirectRoute('order_wl', '/order/wl/:id', (params) => `/order/info/${params.id}?tab=wl`),
  { name: 'hmdd', path: '/hmdd', title: '含麻订单', flags: member, feature: '含麻订单' },
  { name: 'kjcg', path: '/kjcg', title: '快捷采购', flags: member, feature: '快捷采购' },
  { name: 'pzqg', path: '/pzqg', title: '品种求购', flags: member, feature: '品种求购' },
  { name: 'pzqg_add', path: '/pzqg/add', title: '新增求购', flags: member, feature: '品种求购' },
  { name: 'pzqg_info', path: '/pzqg/info', title: '求购详情', flags: member, feature: '品种求购' },
  { name: 'dzfp', path: '/dzfp', title: '电子发票', flags: member, feature: '电子发票' },
  { name: 'yjfk', path: '/yjfk', title: '意见反馈', flags: member, feature: '意见反馈' },

  // Registration and password
  redirectRoute('register', '/register', '/register_index'),
  redirectRoute('register_index', '/register_index', '/register/step1'),
  {
    name: 'register_step1',
    path: '/register/step1',
    title: '注册',
    flags: loginStyle,
    page: () => import('../features/account/pages/RegisterPage'),
  },
  {
    name: 'register_step2',
    path: '/register/step2',
    title: '注册',
    flags: loginStyle,
    page: () => import('../features/account/pages/RegisterPage'),
  },
  {
    name: 'register_step3',
    path: '/register/step3',
    title: '注册',
    flags: loginStyle,
    page: () => import('../features/account/pages/RegisterPage'),
  },
  {
    name: 'register_wechat',
    path: '/register/wechat',
    title: '微信注册',
    flags: loginStyle,
    feature: '微信注册',
  },
  redirectRoute('register_dd', '/register_dd', '/register/dd/step1'),
  {
    name: 'register_dd_step1',
    path: '/register/dd/step1',
    title: '多店注册',
    flags: loginStyle,
    page: () => import('../features/account/pages/RegisterPage'),
  },
  {
    name: 'register_dd_step2',
    path: '/register/dd/step2',
    title: '多店注册',
    flags: loginStyle,
    page: () => import('../features/account/pages/RegisterPage'),
  },
  {
    name: 'register_dd_step3',
    path: '/register/dd/step3',
    title: '多店注册',
    flags: loginStyle,
    page: () => import('../features/account/pages/RegisterPage'),
  },
  redirectRoute('forget', '/forget', '/forget/step1'),
  {
    name: 'forget_step1',
    path: '/forget/step1',
    title: '找回密码',
    flags: loginStyle,
    page: () => import('../features/account/pages/ForgetPage'),
  },
  {
    name: 'forget_step2',
    path: '/forget/step2',
    title: '重置密码',
    flags: loginStyle,
    page: () => import('../features/account/pages/ForgetPage'),
  },
  {
    name: 'forget_step3',
    path: '/forget/step3',
    title: '重置成功',
    flags: loginStyle,
    page: () => import('../features/account/pages/ForgetPage'),
  },

  // Help and news
  ...(
    [
      ['help_hyzc', '/help/xrzn/hyzc', '会员注册'],
      ['help_gwzn', '/help/xrzn/gwzn', '购物指南'],
      ['help_aqgy', '/help/xrzn/aqgy', '安全购药'],
      ['help_wzzz', '/help/fwbz/wzzz', '网站资质'],
      ['help_yhxy', '/help/fwbz/yhxy', '用户协议'],
      ['help_zskf', '/help/fwbz/zskf', '专属客服'],
      ['help_tsjy', '/help/us/tsjy', '投诉建议'],
      ['help_link', '/help/us/link', '联系我们'],
      ['help_ddzf', '/help/zfps/ddzf', '订单支付'],
      ['help_hwps', '/help/zfps/hwps', '货物配送'],
      ['help_ypth', '/help/zfps/ypth', '药品退换'],
    ] as const
  ).map(
    ([name, path, title]): AppRoute => ({
      name,
      path,
      title,
      flags: shop,
      page: () => import('../features/content/pages/HelpPage'),
    }),
  ),
  redirectRoute('help_pay', '/help/pay', '/help/zfps/ddzf'),
  {
    name: 'news_hy',
    path: '/news/hy',
    title: '行业新闻',
    flags: shop,
    page: () => import('../features/content/pages/NewsListPage'),
  },
  {
    name: 'news_company',
    path: '/news/company',
    title: '公司新闻',
    flags: shop,
    page: () => import('../features/content/pages/NewsListPage'),
  },
  {
    name: 'news_info',
    path: '/news/info/:id/:type',
    title: '新闻详情',
    flags: shop,
    page: () => import('../features/content/pages/NewsInfoPage'),
  },
];

export const routeByName = new Map(routeTable.map((route) => [route.name, route]));
