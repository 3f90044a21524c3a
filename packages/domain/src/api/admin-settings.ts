import { z } from 'zod';
import { controlClassCodes } from '../compliance/control-classes';
import { linkUrl, required } from './admin-content';
import { formBoolean, singleLineText, wholeNumber, yuanAmount } from './input';

// Site settings the operator edits in the console (站点设置: content:write), one form per
// section, each stored as one row of `settings` (key -> JSON) and live in the shop at once.
// Money is typed in yuan and stored in fen (the server converts).

const phoneLine = (label: string) =>
  required(singleLineText(label, 20), `请填写${label}`).pipe(
    z.string().regex(/^[0-9+\-() ]+$/, { error: `${label}只能包含数字、空格和 + - ( )` }),
  );

const qqContact = (label: string) =>
  z.object({
    name: required(singleLineText(`${label}名称`, 20), `请填写${label}名称`),
    number: required(singleLineText(`${label}号码`, 12), `请填写${label}号码`).pipe(
      z.string().regex(/^[1-9][0-9]{4,11}$/, { error: `${label}号码应为5到12位数字` }),
    ),
  });

/**
 * What an SMS is sent for, each with its own template at the provider (Aliyun 模板CODE, Tencent
 * 模板ID): the codes of registration and password reset, and the notices.
 */
export const smsTemplatePurposes = [
  'register',
  'password_reset',
  'review_result',
  'licence_expiry',
  'shipped',
  'transfer_confirmed',
] as const;
export type SmsTemplatePurpose = (typeof smsTemplatePurposes)[number];
export const smsTemplatePurposeNames: Record<SmsTemplatePurpose, string> = {
  register: '注册验证码',
  password_reset: '找回密码验证码',
  review_result: '资质审核结果',
  licence_expiry: '证照到期提醒',
  shipped: '订单发货通知',
  transfer_confirmed: '转账到账确认',
};

const templateCode = (purpose: SmsTemplatePurpose) =>
  singleLineText(`${smsTemplatePurposeNames[purpose]}模板编号`, 40)
    .pipe(
      z.string().regex(/^[A-Za-z0-9_-]*$/, {
        error: `${smsTemplatePurposeNames[purpose]}模板编号只能包含字母、数字、下划线和 -`,
      }),
    )
    .default('');

export const settingsSectionBodies = {
  /** Header: site title and slogan. */
  site: z.object({
    title: required(singleLineText('网站名称', 20), '请填写网站名称'),
    slogan: singleLineText('宣传语', 40).default(''),
  }),
  /** Header and help pages: hot lines and the QQ contacts. */
  common_config: z.object({
    hot_line: phoneLine('客服热线'),
    complaint_line: phoneLine('投诉电话'),
    qq1: qqContact('QQ客服1'),
    qq2: qqContact('QQ客服2'),
  }),
  /** 质检报告: a link to open, or (empty link) the message shown instead. */
  quality_inspection: z
    .object({
      quality_inspection_url: linkUrl('质检报告链接').default(''),
      msg: singleLineText('质检报告提示', 200).default(''),
    })
    .refine((v) => v.quality_inspection_url !== '' || v.msg !== '', {
      error: '质检报告链接与提示至少填写一项',
      path: ['msg'],
    }),
  /** Footer: company, address, licence numbers, ICP and the notices. */
  footer: z.object({
    company: required(singleLineText('公司名称', 60), '请填写公司名称'),
    address: required(singleLineText('公司地址', 120), '请填写公司地址'),
    licences: z
      .array(
        z.object({
          name: required(singleLineText('证照名称', 30), '请填写证照名称'),
          number: required(singleLineText('证照编号', 60), '请填写证照编号'),
        }),
      )
      .max(10, { error: '证照最多10项' }),
    icp: required(singleLineText('ICP备案号', 40), '请填写ICP备案号'),
    notices: z.array(required(singleLineText('声明', 120), '声明不能为空')).max(5, { error: '声明最多5条' }),
  }),
  /** Free shipping: orders from the threshold ship free, below it pay the fee (yuan). */
  shipping: z.object({
    threshold: yuanAmount('包邮门槛'),
    fee: yuanAmount('运费'),
  }),
  /** Orders: minutes an unpaid order waits, and the 含麻 per-order unit limit. */
  order: z.object({
    expire_minutes: wholeNumber('未支付订单取消时间', 5, 1440),
    ephedrine_limit: wholeNumber('含麻药品每单限购件数', 1, 100),
    /** Shipped orders the store has not confirmed are received this many days after shipping. */
    auto_confirm_days: wholeNumber('自动确认收货天数', 3, 30).default(10),
  }),
  /** Points at checkout: how many points make ¥1, and the largest share of an order they pay. */
  points: z.object({
    points_per_yuan: wholeNumber('积分抵扣比例', 1, 10000),
    max_share_percent: wholeNumber('积分抵扣上限比例', 0, 100),
    /** Points a received order earns per yuan paid (0: none). */
    earn_per_yuan: wholeNumber('每消费1元赠送积分', 0, 100).default(1),
    /** Ranks that earn at their own rate (a rank not listed earns earn_per_yuan). */
    rank_rates: z
      .array(
        z.object({
          rank: required(singleLineText('会员等级', 20), '请填写会员等级'),
          earn_per_yuan: wholeNumber('该等级每消费1元赠送积分', 0, 100),
        }),
        { error: '会员等级积分规则格式不正确' },
      )
      .max(10, { error: '会员等级积分规则最多10条' })
      .default([]),
    /** MM-DD: on this day each year, points earned before 1 January and not used expire ('' never). */
    expire_on: z
      .string({ error: '积分过期日格式应为 MM-DD' })
      .regex(/^((0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01]))?$/, { error: '积分过期日格式应为 MM-DD，如 12-31' })
      .default('12-31'),
  }),
  /** GSP at shipping: whether drug lines must carry their trace codes; when goods count as 近效期. */
  compliance: z.object({
    trace_codes_required: formBoolean('请选择是否必须录入追溯码').default(false),
    near_expiry_months: wholeNumber('近效期月数', 1, 24).default(6),
    /** 含麻: units one buyer company may order within this many days (0: no period limit). */
    ephedrine_period_days: wholeNumber('含麻药品限购周期天数', 0, 90).default(30),
    ephedrine_period_limit: wholeNumber('含麻药品周期限购件数', 1, 1000).default(30),
    /** 含麻 orders are paid from the wallet (余额) only: no credit, no online payment. */
    ephedrine_wallet_only: formBoolean('请选择含麻药品订单是否仅限余额支付').default(false),
    /** Control classes never listed online (the seed lists them all). */
    never_listable: z
      .array(z.enum(controlClassCodes, { error: '不得网络销售的类别不正确' }))
      .max(controlClassCodes.length)
      .default([]),
  }),
  /**
   * 短信设置: the sign name (empty: the provider's ALIYUN_SMS_SIGN_NAME / TENCENT_SMS_SIGN_NAME) and
   * the provider's template per purpose (empty: that message is not sent by SMS). Credentials
   * stay in the environment, never here.
   */
  sms: z.object({
    sign_name: singleLineText('短信签名', 20).default(''),
    templates: z
      .object(
        Object.fromEntries(smsTemplatePurposes.map((p) => [p, templateCode(p)])) as {
          [P in SmsTemplatePurpose]: ReturnType<typeof templateCode>;
        },
      )
      .default({
        register: '',
        password_reset: '',
        review_result: '',
        licence_expiry: '',
        shipped: '',
        transfer_confirmed: '',
      }),
  }),
  /**
   * 对公转账: the receiving account shown to a buyer who pays by bank transfer (收款户名 is the
   * legal entity), and how many days such an order waits for the money before it expires. An
   * empty account number: the channel is not offered yet.
   */
  transfer: z
    .object({
      account_name: singleLineText('收款户名', 60).default(''),
      bank_name: singleLineText('开户银行', 60).default(''),
      account_no: singleLineText('收款账号', 40)
        .pipe(z.string().regex(/^[0-9 ]*$/, { error: '收款账号只能包含数字和空格' }))
        .default(''),
      bank_code: singleLineText('联行号', 20)
        .pipe(z.string().regex(/^[0-9]*$/, { error: '联行号只能包含数字' }))
        .default(''),
      expire_days: wholeNumber('对公转账订单等待天数', 1, 30).default(3),
    })
    .refine((v) => v.account_no === '' || v.account_name !== '', {
      error: '请填写收款户名',
      path: ['account_name'],
    })
    .refine((v) => v.account_no === '' || v.bank_name !== '', {
      error: '请填写开户银行',
      path: ['bank_name'],
    }),
} as const;

export type SettingsSection = keyof typeof settingsSectionBodies;
export const settingsSections = Object.keys(settingsSectionBodies) as [SettingsSection, ...SettingsSection[]];
export const settingsSectionNames: Record<SettingsSection, string> = {
  site: '网站信息',
  common_config: '客服联系方式',
  quality_inspection: '质检报告',
  footer: '页脚与证照',
  shipping: '包邮与运费',
  order: '订单规则',
  points: '积分规则',
  compliance: '质量管理',
  sms: '短信设置',
  transfer: '对公转账',
};

/** Every section as the console form shows it (money in yuan). */
export const settingsView = z.object(
  Object.fromEntries(settingsSections.map((s) => [s, settingsSectionBodies[s]])) as {
    [K in SettingsSection]: (typeof settingsSectionBodies)[K];
  },
);
export type SettingsView = z.output<typeof settingsView>;
export type SettingsSectionBody<K extends SettingsSection> = z.output<(typeof settingsSectionBodies)[K]>;
