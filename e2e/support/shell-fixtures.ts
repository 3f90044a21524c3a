import type { Page } from 'playwright-core';
import type { Harness } from './harness';

/**
 * Stand-in answers for the layout's content calls, used ONLY while the real endpoint is not in
 * this build yet (the server answers 404 "接口不存在"). Once the endpoint exists the journey
 * runs against the real server unchanged.
 */
const leaf = (id: number, name: string) => ({ id, name, logo: null, logo1: null, children: [] });
const tree = (prefix: string, names: string[]) =>
  names.map((name, i) => ({
    id: i + 1,
    name,
    logo: null,
    logo1: null,
    children: [0, 1, 2].map((j) => ({
      ...leaf(100 + i * 10 + j, `${prefix}${name}${j + 1}类`),
      children: [leaf(1000 + i * 10 + j, `${name}子类${j + 1}`)],
    })),
  }));
const categories = [
  '抗感染药',
  '心脑血管',
  '呼吸系统',
  '消化系统',
  '解热镇痛',
  '维生素矿物质',
  '皮肤用药',
  '儿科用药',
  '妇科用药',
];
const adImage = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="110" height="150"><rect width="110" height="150" fill="#e4393c"/><text x="55" y="80" fill="#fff" font-size="18" text-anchor="middle">领券中心</text></svg>',
)}`;

export const fixtures: Record<string, unknown> = {
  '/api/focus/common': {
    rnss: ['阿莫西林', '布洛芬', '连花清瘟', '999感冒灵'].map((name) => ({ name, url: '' })),
    nav: [
      { id: 1, name: '首页', url: '/', image: null, is_open: 0, children: [] },
      {
        id: 2,
        name: '优选专区',
        url: '/yx',
        image: null,
        is_open: 0,
        children: [{ id: 21, name: '优选规则', url: '/yx/rule', image: null, is_open: 0, children: [] }],
      },
      { id: 3, name: '中药饮片', url: '/zyyp', image: null, is_open: 0, children: [] },
      { id: 4, name: '器械专区', url: '/qxzq', image: null, is_open: 0, children: [] },
      { id: 5, name: '品牌专区', url: '/ppzq', image: null, is_open: 0, children: [] },
      { id: 6, name: '每日特价', url: '/mrtj', image: null, is_open: 0, children: [] },
      { id: 7, name: '领券中心', url: '/lqzx', image: null, is_open: 0, children: [] },
      { id: 8, name: '近效期专场', url: '/jxqzc', image: null, is_open: 0, children: [] },
      { id: 9, name: '控销专区', url: '/kxzq', image: null, is_open: 0, children: [] },
      { id: 10, name: '积分商城', url: '/jfsc', image: null, is_open: 0, children: [] },
    ],
    category: tree('', categories),
    category_yx: tree('优选', categories),
    category_zy: tree('', ['根茎类', '果实种子类', '全草类', '花叶类']),
    category_qx: tree('', ['家用器械', '医用耗材', '检测试剂']),
    brand: [],
    timestamp: Math.floor(Date.now() / 1000),
  },
  '/api/focus/top': [{ id: 1, url: '/lqzx', image: adImage, title: '领券中心' }],
  '/api/global/site': {
    title: '药采',
    footer: {
      company: '药采医药科技有限公司',
      address: '浙江省杭州市滨江区网商路 1 号',
      licences: [
        { name: '药品经营许可证', number: '浙AA5710001' },
        { name: '医疗器械经营许可证', number: '浙杭食药监械经营许20230001号' },
        { name: '互联网药品信息服务资格证书', number: '(浙)-经营性-2023-0001' },
      ],
      icp: '浙ICP备20230001号',
      notices: ['本网站不发布毒性、麻醉、精神、放射性及戒毒药品信息', '本网站不发布未经审批的药品广告'],
    },
    qr: { wechat: 'https://weixin.qq.com/r/yaocai', app: 'https://www.yaocai.test/app' },
  },
  '/api/goods/search': ['阿莫西林胶囊', '阿莫西林克拉维酸钾片', '阿莫西林颗粒'],
  '/api/article/help': {
    id: 2,
    title: '购物指南',
    category: '新人指南',
    paragraphs: [
      '第一步：登录药采账号。未注册的药店、诊所请先完成会员注册并上传资质证件，资质审核通过后即可采购。',
      '第二步：搜索或浏览商品。可按药品名称、生产厂家搜索，支持拼音首字母，如输入“amxl”即可找到阿莫西林。',
      '第三步：加入购物车并结算。确认收货地址、优惠券与发票信息后提交订单，选择余额、账期或在线支付完成付款。',
    ],
    updated_at: '2026-11-01',
  },
  '/api/news': {
    list: [1, 2, 3].map((id) => ({
      id,
      title: `国家药监局发布药品网络销售监督管理新规（${id}）`,
      summary: '新规明确了药品网络销售企业的主体责任，对处方药销售、信息展示与配送提出了具体要求。',
      published_at: `2026-11-0${id}`,
      type: 'hy',
    })),
    total: 3,
  },
  '/api/global/links': [{ name: '国家药品监督管理局', url: 'https://www.nmpa.gov.cn' }],
  '/api/article/category': [
    ['新人指南', ['hyzc:会员注册', 'gwzn:购物指南', 'aqgy:安全购药'], 'xrzn'],
    ['服务保障', ['wzzz:网站资质', 'yhxy:用户协议', 'zskf:专属客服'], 'fwbz'],
    ['支付配送', ['ddzf:订单支付', 'hwps:货物配送', 'ypth:药品退换'], 'zfps'],
    ['关于我们', ['tsjy:投诉建议', 'link:联系我们'], 'us'],
  ].map(([name, children, group], i) => ({
    id: i + 1,
    name,
    children: (children as string[]).map((child, j) => {
      const [slug, title] = child.split(':');
      return { id: i * 10 + j + 1, name: title, url: `/help/${group}/${slug}` };
    }),
  })),
  '/api/user/base': {
    show: true,
    is_login: false,
    common_config: {
      hot_line: '400-800-1234',
      complaint_line: '0571-88886666',
      qq1: { name: '客服小采', number: '800001' },
      qq2: { name: '客服小药', number: '800002' },
    },
    quality_inspection: { quality_inspection_url: '', msg: '质检报告请联系您的专属客服获取' },
    admin: null,
    cart: { count: 0 },
    message_count: 0,
    is_can_chat: false,
  },
};

/** Routes each content call to its stand-in when the server in this build does not serve it. */
export async function useFixturesWhereMissing(h: Harness, page: Page): Promise<string[]> {
  const missing: string[] = [];
  for (const [path, data] of Object.entries(fixtures)) {
    const probe = await h.app.inject({ method: 'GET', url: path });
    if (probe.statusCode !== 404) continue;
    missing.push(path);
    await page.route(
      (url) => url.pathname === path,
      (route) =>
        route.fulfill({
          status: 200,
          contentType: 'application/json',
          body: JSON.stringify({ code: 10000, message: 'ok', data }),
        }),
    );
  }
  return missing;
}
