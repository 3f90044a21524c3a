import { z } from 'zod';
import { couponKinds } from '../promotion/rules/coupon';
import { calendarDate, formBoolean, recordId, singleLineText, wholeNumber, yuanAmount } from './input';

// Coupon templates, the coupon centre (/lqzx) and the console's coupon screens (issue #13).

export const couponStatuses = ['draft', 'active', 'paused', 'ended'] as const;
export type CouponStatus = (typeof couponStatuses)[number];
export const couponStatusLabels: Record<CouponStatus, string> = {
  draft: '草稿',
  active: '进行中',
  paused: '已暂停',
  ended: '已结束',
};

/** What the console may do to a coupon, and the status each action leads to. */
export const couponActions = {
  publish: { label: '发布', from: ['draft'], to: 'active' },
  pause: { label: '暂停', from: ['active'], to: 'paused' },
  resume: { label: '恢复', from: ['paused'], to: 'active' },
  end: { label: '结束', from: ['draft', 'active', 'paused'], to: 'ended' },
} as const satisfies Record<string, { label: string; from: readonly CouponStatus[]; to: CouponStatus }>;
export type CouponAction = keyof typeof couponActions;

const ids = (label: string) =>
  z.array(recordId(`${label}不正确`), { error: `${label}不正确` }).max(500, { error: `${label}最多500个` });

/** A coupon's coverage as the console saves it (Coverage of promotion/coverage.ts). */
export const couponScopeBody = z.strictObject({
  all: formBoolean('适用范围不正确').default(false),
  goods_ids: ids('适用商品').default([]),
  category_ids: ids('适用分类').default([]),
  brand_ids: ids('适用品牌').default([]),
});

const optionalDate = (label: string) =>
  z.preprocess((v) => (v === '' || v === undefined ? null : v), calendarDate(label).nullable()).default(null);

/** POST /api/admin/coupons(/:id): a coupon template. Money in yuan, dates Beijing calendar days. */
export const couponTemplateBody = z
  .strictObject({
    name: singleLineText('券名称', 30).pipe(z.string().min(1, { error: '请填写券名称' })),
    kind: z.enum(couponKinds, { error: '请选择券类型' }),
    threshold: yuanAmount('使用门槛').default(0),
    amount: yuanAmount('面额').default(0),
    rate_percent: z
      .preprocess((v) => (v === '' || v === undefined ? null : v), wholeNumber('折扣', 0, 100).nullable())
      .default(null),
    max_discount: yuanAmount('最高优惠').default(0),
    scope: couponScopeBody,
    exclude_special: formBoolean('特价商品是否参与不正确').default(false),
    validity: z.enum(['fixed', 'days'], { error: '请选择有效期方式' }),
    valid_from: optionalDate('生效日期'),
    valid_to: optionalDate('失效日期'),
    valid_days: z
      .preprocess(
        (v) => (v === '' || v === undefined ? null : v),
        wholeNumber('领取后有效天数', 1, 3650).nullable(),
      )
      .default(null),
    total_quota: z
      .preprocess(
        (v) => (v === '' || v === undefined ? null : v),
        wholeNumber('发放总量', 1, 10_000_000).nullable(),
      )
      .default(null),
    per_store_limit: wholeNumber('每店限领', 1, 100).default(1),
    claim_from: optionalDate('领取开始日期'),
    claim_to: optionalDate('领取结束日期'),
    in_centre: formBoolean('是否在领券中心展示不正确').default(true),
    new_buyer: formBoolean('是否新人券不正确').default(false),
  })
  .superRefine((v, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.kind === 'discount') {
      if (v.rate_percent === null || v.rate_percent < 1 || v.rate_percent > 99)
        issue('rate_percent', '折扣须在1–99之间（9折填90）');
    } else if (v.amount <= 0) issue('amount', '请填写面额');
    if (v.kind === 'amount_off' && v.threshold < v.amount) issue('threshold', '满减券的使用门槛不能低于面额');
    const s = v.scope;
    if (!s.all && !s.goods_ids.length && !s.category_ids.length && !s.brand_ids.length)
      issue('scope', '请选择适用范围');
    if (v.validity === 'fixed') {
      if (!v.valid_from) issue('valid_from', '请选择生效日期');
      if (!v.valid_to) issue('valid_to', '请选择失效日期');
      if (v.valid_from && v.valid_to && v.valid_to < v.valid_from)
        issue('valid_to', '失效日期不能早于生效日期');
    } else if (!v.valid_days) issue('valid_days', '请填写领取后有效天数');
    if (v.claim_from && v.claim_to && v.claim_to < v.claim_from)
      issue('claim_to', '领取结束日期不能早于开始日期');
  });
export type CouponTemplateBody = z.output<typeof couponTemplateBody>;

/** POST /api/admin/coupons/:id/status */
export const couponActionBody = z.strictObject({
  action: z.enum(Object.keys(couponActions) as [CouponAction, ...CouponAction[]], { error: '操作不正确' }),
});

/** POST /api/coupon/receive */
export const couponReceiveBody = z.object({ coupon_id: recordId('请选择要领取的券') });

/** How a coupon reads in the centre and the lists: 满100减10, 9折 最高减¥20, ¥5现金券. */
export const couponTerms = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(couponKinds),
  kind_label: z.string(),
  threshold: z.number(),
  amount: z.number(),
  rate_percent: z.number().int().nullable(),
  max_discount: z.number(),
  /** 全场通用 / 指定分类 / ... */
  scope_text: z.string(),
  exclude_special: z.boolean(),
  /** 领取后7天内有效, or 2026-12-01 至 2026-12-31. */
  validity_text: z.string(),
});

/** The centre's states: claimable, claimed up to the limit, none left, not started yet. */
export const centreStates = ['claimable', 'claimed', 'sold_out', 'not_started', 'login'] as const;
export const centreStateLabels: Record<(typeof centreStates)[number], string> = {
  claimable: '立即领取',
  claimed: '已领取',
  sold_out: '已抢光',
  not_started: '未开始',
  login: '登录后领取',
};

/** GET /api/coupon/centre */
export const couponCentreItem = couponTerms.extend({
  total_quota: z.number().int().nullable(),
  /** null: unlimited. */
  remaining: z.number().int().nullable(),
  /** 0–100, how much of the quota is claimed. */
  claimed_percent: z.number().int(),
  per_store_limit: z.number().int(),
  /** How many this store holds (0 for a visitor). */
  my_claimed: z.number().int(),
  claim_from: z.number().int().nullable(),
  state: z.enum(centreStates),
  state_label: z.string(),
});
export const couponCentre = z.object({ list: z.array(couponCentreItem) });
export type CouponCentreItem = z.infer<typeof couponCentreItem>;

/** POST /api/coupon/receive: the held coupon. */
export const couponReceived = z.object({ id: z.number().int(), valid_to: z.number().int().nullable() });

/** The console's coupon row. */
export const adminCouponView = couponTerms.extend({
  status: z.enum(couponStatuses),
  status_label: z.string(),
  scope: z.object({
    all: z.boolean(),
    goods_ids: z.array(z.number().int()),
    category_ids: z.array(z.number().int()),
    brand_ids: z.array(z.number().int()),
  }),
  validity: z.enum(['fixed', 'days']),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  valid_days: z.number().int().nullable(),
  total_quota: z.number().int().nullable(),
  per_store_limit: z.number().int(),
  claim_from: z.string().nullable(),
  claim_to: z.string().nullable(),
  in_centre: z.boolean(),
  new_buyer: z.boolean(),
  claimed: z.number().int(),
  used: z.number().int(),
  /** Paid amount of the orders that used it (yuan). */
  sales: z.number(),
});
export type AdminCouponView = z.infer<typeof adminCouponView>;

/** GET /api/admin/coupons/:id/claims */
export const adminCouponClaimView = z.object({
  id: z.number().int(),
  store_name: z.string(),
  phone: z.string(),
  source: z.string(),
  status: z.string(),
  status_label: z.string(),
  claimed_at: z.number().int(),
  valid_to: z.number().int().nullable(),
  order_no: z.string().nullable(),
  order_amount: z.number().nullable(),
});
export type AdminCouponClaimView = z.infer<typeof adminCouponClaimView>;
