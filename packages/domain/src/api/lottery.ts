import { z } from 'zod';
import { entryRuleCodes, prizeKindCodes } from '../points/lottery';
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

// 抽奖 (spec sections 3, 4, 7): the banner asks /api/draw/simple whether the store may draw
// (is_join 0), the wheel posts the draw, the result comes back as name and remarks.

/** GET /api/draw/simple: the running lottery and whether this store has joined (no draw left). */
export const simpleLotteryView = z.object({ id: z.number().int(), is_join: z.number().int() }).nullable();

export const drawBody = z.strictObject({ id: recordId('抽奖活动不正确') });
/** POST /api/draw: what the store won. */
export const drawResultView = z.object({
  draw_id: z.number().int(),
  name: z.string(),
  remarks: z.string(),
  kind: z.string(),
  /** Draws the store has left in this lottery after this one. */
  chances: z.number().int(),
});

export const lotteryPrizeView = z.object({
  id: z.number().int(),
  name: z.string(),
  remarks: z.string(),
  kind: z.string(),
  kind_name: z.string(),
});
/** GET /api/draw/{id}/activity */
export const lotteryView = z.object({
  id: z.number().int(),
  name: z.string(),
  remarks: z.string(),
  entry_rule: z.string(),
  rule_text: z.string(),
  points_cost: z.number().int(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  prizes: z.array(lotteryPrizeView),
  /** Draws this store may make now (0 for visitors). */
  chances: z.number().int(),
});
export const lotteryIdParams = z.object({ id: recordId('抽奖活动不正确') });
export const lotteryIdQuery = z.object({ id: optionalRecordId });

/** GET /api/draw/new_record: the latest winners, store names masked. */
export const winnerView = z.object({ store: z.string(), name: z.string(), at: z.number().int() });

export const drawRecordView = z.object({
  id: z.number().int(),
  lottery_name: z.string(),
  name: z.string(),
  remarks: z.string(),
  kind: z.string(),
  kind_name: z.string(),
  status: z.string(),
  status_name: z.string(),
  /** The free order a won goods ships with. */
  order_id: z.number().int().nullable(),
  created_at: z.number().int(),
});
export const drawRecordPage = pageOf(drawRecordView);
export const drawRecordQuery = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});

/** GET /api/draw/ads: ad items (spec section 3). */
export const lotteryAdView = z.object({ url: z.string(), image: z.string() });

export const drawStatusNames: Record<string, string> = {
  done: '已发放',
  to_ship: '待发货',
  ordered: '已生成订单',
  shipped: '已发货',
};

export const lotteryPrizeBody = z
  .strictObject({
    id: optionalRecordId,
    name: singleLineText('奖品名称', 30).pipe(z.string().min(1, { error: '请填写奖品名称' })),
    remarks: singleLineText('奖品说明', 60).default(''),
    kind: z.enum(prizeKindCodes, { error: '请选择奖品类型' }),
    /** Points (kind points) or fen (kind wallet; the console form takes yuan). */
    amount: wholeNumber('奖品数值', 0, 1_000_000).default(0),
    coupon_id: optionalRecordId,
    goods_id: optionalRecordId,
    weight: wholeNumber('中奖权重', 0, 1_000_000),
    /** Empty: unlimited. */
    stock: z
      .preprocess((v) => (v === '' ? null : v), wholeNumber('奖品库存', 0, 10_000_000).nullable())
      .default(null),
  })
  .superRefine((p, ctx) => {
    if ((p.kind === 'points' || p.kind === 'wallet') && p.amount < 1)
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: p.kind === 'points' ? '请填写积分数' : '请填写金额（分）',
      });
    if (p.kind === 'coupon' && !p.coupon_id)
      ctx.addIssue({ code: 'custom', path: ['coupon_id'], message: '请选择优惠券' });
    if (p.kind === 'goods' && !p.goods_id)
      ctx.addIssue({ code: 'custom', path: ['goods_id'], message: '请选择商品' });
  });
export type LotteryPrizeBody = z.output<typeof lotteryPrizeBody>;

/** POST /api/admin/lotteries(/:id) */
export const lotteryBody = z
  .strictObject({
    name: singleLineText('活动名称', 30).pipe(z.string().min(1, { error: '请填写活动名称' })),
    remarks: multiLineText('活动说明', 300).default(''),
    entry_rule: z.enum(entryRuleCodes, { error: '请选择参与方式' }),
    points_cost: wholeNumber('每次消耗积分', 0, 1_000_000).default(0),
    starts_on: calendarDate('开始日期'),
    ends_on: calendarDate('结束日期'),
    is_active: formBoolean('启用须为是或否').default(true),
    prizes: z
      .array(lotteryPrizeBody, { error: '请设置奖品' })
      .min(1, { error: '至少设置一个奖品' })
      .max(12, { error: '奖品最多12个' }),
  })
  .superRefine((v, ctx) => {
    if (v.ends_on < v.starts_on)
      ctx.addIssue({ code: 'custom', path: ['ends_on'], message: '结束日期不能早于开始日期' });
    if (v.entry_rule === 'points' && v.points_cost < 1)
      ctx.addIssue({ code: 'custom', path: ['points_cost'], message: '消耗积分的抽奖须设置每次消耗积分' });
    if (!v.prizes.some((p) => p.weight > 0))
      ctx.addIssue({ code: 'custom', path: ['prizes'], message: '至少一个奖品的中奖权重大于0' });
  });
export type LotteryBody = z.output<typeof lotteryBody>;

export const adminLotteryPrizeView = lotteryPrizeView.extend({
  amount: z.number().int(),
  coupon_id: z.number().int().nullable(),
  goods_id: z.number().int().nullable(),
  weight: z.number().int(),
  stock: z.number().int().nullable(),
  won: z.number().int(),
});
export const adminLotteryView = z.object({
  id: z.number().int(),
  name: z.string(),
  remarks: z.string(),
  entry_rule: z.string(),
  rule_text: z.string(),
  points_cost: z.number().int(),
  starts_on: z.string(),
  ends_on: z.string(),
  is_active: z.boolean(),
  running: z.boolean(),
  draws: z.number().int(),
  prizes: z.array(adminLotteryPrizeView),
});
export type AdminLotteryView = z.infer<typeof adminLotteryView>;

export const adminDrawView = drawRecordView.extend({
  store_name: z.string(),
  phone: z.string(),
});
export const adminDrawPage = pageOf(adminDrawView);
export const adminDrawQuery = drawRecordQuery.extend({
  winners: z.enum(['0', '1'], { error: '筛选不正确' }).optional(),
  status: z.enum(['to_ship', 'shipped', 'done'], { error: '状态不正确' }).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
