import { z } from 'zod';
import { pageOf } from './admin';
import {
  calendarDate,
  formBoolean,
  multiLineText,
  optionalRecordId,
  pageNumber,
  recordId,
  singleLineText,
  wholeNumber,
} from './input';

// Points (积分): the store's ledger, and the points mall (积分商城 /jfsc): rewards (a goods
// shipped as a free order, or a coupon issued at once) redeemed for points.

export const pointsEntryView = z.object({
  id: z.number().int(),
  change: z.number().int(),
  balance_after: z.number().int(),
  reason: z.string(),
  order_id: z.number().int().nullable(),
  created_at: z.number().int(),
});
/** GET /api/user/points */
export const pointsHistoryView = pageOf(pointsEntryView).extend({
  balance: z.number().int(),
  /** Points a received order of this store earns per yuan (its rank's rate), and points per ¥1 at checkout. */
  earn_per_yuan: z.number().int(),
  points_per_yuan: z.number().int(),
  /** MM-DD on which last year's unused points expire ('' never). */
  expire_on: z.string(),
});
export const pageQuery = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});

export const rewardKinds = [
  { code: 'goods', name: '实物商品' },
  { code: 'coupon', name: '优惠券' },
] as const;

export const rewardView = z.object({
  id: z.number().int(),
  kind: z.enum(['goods', 'coupon']),
  name: z.string(),
  description: z.string(),
  image: z.string().nullable(),
  points: z.number().int(),
  stock: z.number().int(),
  per_store_limit: z.number().int(),
  /** Redeemed by this store (0 for visitors). */
  redeemed: z.number().int(),
  ends_at: z.number().int(),
});
export type RewardView = z.infer<typeof rewardView>;

/** POST /api/jfsc/redeem */
export const redeemBody = z.strictObject({
  reward_id: recordId('请选择兑换的礼品'),
  /** Goods rewards ship to this address (the default one when absent). */
  address_id: optionalRecordId,
});
export const redemptionView = z.object({
  id: z.number().int(),
  reward_name: z.string(),
  kind: z.string(),
  points: z.number().int(),
  order_id: z.number().int().nullable(),
  created_at: z.number().int(),
});
export const redemptionPage = pageOf(redemptionView);

/** POST /api/admin/rewards(/:id) */
export const rewardBody = z
  .strictObject({
    kind: z.enum(['goods', 'coupon'], { error: '请选择礼品类型' }),
    name: singleLineText('礼品名称', 40).pipe(z.string().min(1, { error: '请填写礼品名称' })),
    description: multiLineText('礼品说明', 200).default(''),
    goods_id: optionalRecordId,
    coupon_id: optionalRecordId,
    points: wholeNumber('所需积分', 1, 10_000_000),
    stock: wholeNumber('库存', 0, 10_000_000),
    per_store_limit: wholeNumber('每店限兑', 1, 1000).default(1),
    starts_on: calendarDate('开始日期'),
    ends_on: calendarDate('结束日期'),
    is_active: formBoolean('启用须为是或否').default(true),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'goods' && !v.goods_id)
      ctx.addIssue({ code: 'custom', path: ['goods_id'], message: '请选择商品' });
    if (v.kind === 'coupon' && !v.coupon_id)
      ctx.addIssue({ code: 'custom', path: ['coupon_id'], message: '请选择优惠券' });
    if (v.ends_on < v.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: '结束日期不能早于开始日期' });
  });
export type RewardBody = z.output<typeof rewardBody>;

export const adminRewardView = rewardView.extend({
  goods_id: z.number().int().nullable(),
  coupon_id: z.number().int().nullable(),
  starts_on: z.string(),
  ends_on: z.string(),
  is_active: z.boolean(),
  redemptions: z.number().int(),
});
export const adminRedemptionView = redemptionView.extend({ store_name: z.string(), phone: z.string() });
export const adminRedemptionPage = pageOf(adminRedemptionView);
export const adminPageQuery = pageQuery.extend({
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
