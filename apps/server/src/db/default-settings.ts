import { controlClassCodes } from '@yaocai/domain';

/**
 * Every operator-editable setting with its value on a new site: the header, footer and
 * user/base texts, free shipping, order rules and the points rule. THE defaults: readers merge
 * the stored rows over these (modules/settings).
 */
export const defaultSettings = {
  site: {
    title: '药采',
    slogan: '药店诊所一站式采购平台',
    mainSiteUrl: '/',
    loginUrl: '/login',
  },
  common_config: {
    hot_line: '400-820-1234',
    complaint_line: '400-820-5678',
    qq1: { name: '客服小药', number: '800012345' },
    qq2: { name: '客服小采', number: '800012346' },
  },
  quality_inspection: {
    quality_inspection_url: '',
    msg: '质检报告请联系您的专属客服索取，或在订单详情中下载随货同行单。',
  },
  footer: {
    company: '药采医药科技（杭州）有限公司',
    address: '浙江省杭州市滨江区长河街道江南大道 588 号 药采大厦 12 楼',
    licences: [
      { name: '药品经营许可证', number: '浙AA5710123' },
      { name: '医疗器械经营许可证', number: '浙杭食药监械经营许20230088号' },
      { name: '第二类医疗器械经营备案凭证', number: '浙杭食药监械经营备20230311号' },
      { name: '营业执照', number: '91330108MA2H3K5X7Q' },
      { name: '互联网药品信息服务资格证书', number: '（浙）-经营性-2023-0042' },
    ],
    icp: '浙ICP备2023012345号-1',
    notices: [
      '本网站不发布毒性药品、麻醉药品、精神药品、放射性药品、戒毒药品和医疗机构制剂的产品信息',
      '本网站不发布未经批准的药品广告',
    ],
  },
  /** Free shipping from ¥800, otherwise ¥15. */
  shipping: { threshold_fen: 80_000, fee_fen: 1_500 },
  /** Unpaid orders are cancelled after 30 minutes; at most 10 含麻 units per order. */
  order: { expire_minutes: 30, ephedrine_limit: 10, auto_confirm_days: 10 },
  /** 100 points make ¥1; points pay at most half of an order. */
  points: {
    points_per_yuan: 100,
    earn_per_yuan: 1,
    rank_rates: [{ rank: '金牌会员', earn_per_yuan: 2 }],
    expire_on: '12-31',
    max_share_percent: 50,
  },
  /**
   * Trace codes are asked for at shipping but not required; 近效期 under 6 months; a company orders
   * at most 30 含麻 units in 30 days.
   */
  compliance: {
    trace_codes_required: false,
    near_expiry_months: 6,
    ephedrine_period_days: 30,
    ephedrine_period_limit: 30,
    ephedrine_wallet_only: false,
    never_listable: [...controlClassCodes],
  },
  /** No template configured: with a real SMS provider nothing is sent until 短信设置 names them. */
  sms: {
    sign_name: '',
    templates: {
      register: '',
      password_reset: '',
      review_result: '',
      licence_expiry: '',
      shipped: '',
      transfer_confirmed: '',
    },
  },
  /**
   * 对公转账: no receiving account on a new site (the channel is not offered until 财务 fills
   * it in); a transfer order waits 3 days for the money.
   */
  transfer: { account_name: '', bank_name: '', account_no: '', bank_code: '', expire_days: 3 },
};
