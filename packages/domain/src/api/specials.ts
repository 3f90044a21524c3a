import { z } from 'zod';
import { fromYuan } from '../money';
import { cashBackTiersProblem } from '../promotion/rules/cash-back';
import { pageOf } from './admin';
import { coverageBody, coverageView } from './admin-promotions';
import { goodsSummary } from './catalog';
import {
  calendarDate,
  formBoolean,
  pageNumber,
  recordId,
  singleLineText,
  wholeNumber,
  yuanAmount,
} from './input';

// Daily specials (/mrtj), welfare (/welfare) and cash-back (/hb): what the shop reads and what
// the console writes. Prices are yuan on the wire; null where the eligibility rule hides them.

/** The three kinds of line and order promotions this file covers, and their operator states. */
export const specialKinds = ['daily_special', 'welfare', 'cash_back'] as const;
export type SpecialKind = (typeof specialKinds)[number];
export const specialStatusNames: Record<string, string> = {
  scheduled: '未开始',
  running: '进行中',
  paused: '已暂停',
  ended: '已结束',
};

/** GET /api/activity/everyday_price: today's daily specials and the countdown to the day's end. */
export const everydaySpecialView = goodsSummary.extend({
  special_id: z.number().int(),
  special_price: z.number().nullable(),
  /** Units per store per day at the special price (null: no limit). */
  daily_limit: z.number().int().nullable(),
  /** What this store may still buy today at the special price (null: visitor or no limit). */
  remaining_limit: z.number().int().nullable(),
  /** Special stock left (null: the goods' own stock). */
  special_stock: z.number().int().nullable(),
});
export type EverydaySpecialView = z.infer<typeof everydaySpecialView>;
export const everydayPriceData = z.object({
  list: z.array(everydaySpecialView),
  /** End of today's specials (Beijing midnight), 10-digit seconds. */
  end_time: z.number().int(),
  timestamp: z.number().int(),
});
export type EverydayPriceData = z.infer<typeof everydayPriceData>;

const activityHead = z.object({
  id: z.number().int(),
  name: z.string(),
  start_time: z.number().int(),
  end_time: z.number().int(),
});

/** GET /api/activity/welfare: the running welfare discount and its covered goods. */
export const welfareGoodsView = goodsSummary.extend({ welfare_price: z.number().nullable() });
export const welfareData = z.object({
  activity: activityHead.extend({ rate_percent: z.number().int() }).nullable(),
  goods: pageOf(welfareGoodsView),
  timestamp: z.number().int(),
});
export type WelfareData = z.infer<typeof welfareData>;
export const activityGoodsQuery = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(60).default(20),
});

/** GET /api/activity/cash_back: the running 满返 activity, the store's earnings, its goods. */
export const cashBackTierView = z.object({ threshold: z.number(), amount: z.number() });
export const cashBackEarnedView = z.object({
  order_id: z.number().int(),
  order_no: z.string(),
  activity_name: z.string(),
  base: z.number(),
  credit: z.number(),
  reversed: z.number(),
  created_at: z.number().int(),
});
export const cashBackData = z.object({
  activity: activityHead
    .extend({ tiers: z.array(cashBackTierView), repeat: z.boolean(), rule_text: z.string() })
    .nullable(),
  /** This store's cash-back (empty for visitors). */
  earned: z.array(cashBackEarnedView),
  total_earned: z.number(),
  goods: pageOf(goodsSummary),
  timestamp: z.number().int(),
});
export type CashBackData = z.infer<typeof cashBackData>;

// --- console ---------------------------------------------------------------------------------

const optionalCount = (label: string) =>
  z
    .preprocess((v) => (v === '' || v === undefined ? null : v), wholeNumber(label, 1).nullable())
    .default(null);

const head = {
  name: singleLineText('活动名称', 30).pipe(z.string().min(1, { error: '请填写活动名称' })),
  starts_on: calendarDate('开始日期'),
  ends_on: calendarDate('结束日期'),
};
const datesInOrder = (v: { starts_on: string; ends_on: string }, ctx: z.RefinementCtx) => {
  if (v.ends_on < v.starts_on)
    ctx.addIssue({ code: 'custom', path: ['ends_on'], message: '结束日期不能早于开始日期' });
};

/** POST /api/admin/promotion/daily_specials(/:id) */
export const dailySpecialBody = z
  .strictObject({
    ...head,
    items: z
      .array(
        z.strictObject({
          goods_id: recordId('请选择商品'),
          price: yuanAmount('特价').pipe(z.number().gt(0, { error: '特价须大于0' })),
          daily_limit: optionalCount('每店每日限购'),
          stock: optionalCount('特价库存'),
        }),
        { error: '请添加特价商品' },
      )
      .min(1, { error: '请添加特价商品' })
      .max(100, { error: '特价商品最多100个' }),
  })
  .superRefine((v, ctx) => {
    datesInOrder(v, ctx);
    const seen = new Set<number>();
    for (const [i, item] of v.items.entries()) {
      if (seen.has(item.goods_id))
        ctx.addIssue({ code: 'custom', path: ['items', i, 'goods_id'], message: '商品重复' });
      seen.add(item.goods_id);
    }
  });
export type DailySpecialBody = z.output<typeof dailySpecialBody>;

/** POST /api/admin/promotion/welfare(/:id) */
export const welfareBody = z
  .strictObject({
    ...head,
    rate_percent: z.coerce
      .number({ error: '折扣须为1至99的整数' })
      .int({ error: '折扣须为1至99的整数' })
      .min(1, { error: '折扣须为1至99的整数' })
      .max(99, { error: '折扣须为1至99的整数' }),
    coverage: coverageBody,
  })
  .superRefine((v, ctx) => {
    datesInOrder(v, ctx);
  });
export type WelfareBody = z.output<typeof welfareBody>;

/** POST /api/admin/promotion/cash_back(/:id) */
export const cashBackBody = z
  .strictObject({
    ...head,
    repeat: formBoolean('每满返须为是或否').default(false),
    tiers: z
      .array(z.strictObject({ threshold: yuanAmount('满额'), amount: yuanAmount('返现金额') }), {
        error: '请设置返现档位',
      })
      .max(10, { error: '返现档位最多10档' }),
    coverage: coverageBody,
  })
  .superRefine((v, ctx) => {
    datesInOrder(v, ctx);
    const problem = cashBackTiersProblem(
      v.tiers.map((t) => ({ thresholdFen: fromYuan(t.threshold), amountFen: fromYuan(t.amount) })),
    );
    if (problem) ctx.addIssue({ code: 'custom', path: ['tiers'], message: problem });
  });
export type CashBackBody = z.output<typeof cashBackBody>;

/** POST /api/admin/promotion/:kind/:id/status */
export const specialStatusBody = z.strictObject({
  action: z.enum(['pause', 'resume', 'end'], { error: '操作不正确' }),
});
export const specialKindParams = z.object({
  kind: z.enum(specialKinds, { error: '活动类型不正确' }),
  id: recordId('活动不存在'),
});

const adminHead = z.object({
  id: z.number().int(),
  name: z.string(),
  starts_on: z.string(),
  ends_on: z.string(),
  status: z.string(),
  /** scheduled | running | paused | ended (status and dates together). */
  phase: z.string(),
  phase_name: z.string(),
});
/** Sales at the activity's price: units, orders and amount of orders not cancelled. */
const salesView = z.object({ units: z.number().int(), orders: z.number().int(), amount: z.number() });

export const adminDailySpecialView = adminHead.extend({
  items: z.array(
    z.object({
      goods_id: z.number().int(),
      goods_name: z.string(),
      base_price: z.number(),
      price: z.number(),
      daily_limit: z.number().int().nullable(),
      stock: z.number().int().nullable(),
      sold: z.number().int(),
    }),
  ),
  sales: salesView,
});
export type AdminDailySpecialView = z.infer<typeof adminDailySpecialView>;
export const adminWelfareView = adminHead.extend({
  rate_percent: z.number().int(),
  coverage: coverageView,
  sales: salesView,
});
export type AdminWelfareView = z.infer<typeof adminWelfareView>;
export const adminCashBackView = adminHead.extend({
  repeat: z.boolean(),
  tiers: z.array(cashBackTierView),
  coverage: coverageView,
  /** Orders credited, money credited and taken back. */
  credits: z.object({ orders: z.number().int(), credited: z.number(), reversed: z.number() }),
});
export type AdminCashBackView = z.infer<typeof adminCashBackView>;

/** GET /api/admin/promotion/coverage_options: what a coverage picker offers besides goods. */
export const coverageOptions = z.object({
  categories: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      menu: z.string(),
      parent_id: z.number().int().nullable(),
    }),
  ),
  brands: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type CoverageOptions = z.infer<typeof coverageOptions>;

/** GET /api/admin/promotion/preview?phone=: the three activity pages as that store sees them now. */
export const specialPreviewQuery = z.object({
  phone: singleLineText('门店手机号', 20).pipe(z.string().min(1, { error: '请填写门店登录手机号' })),
});
export const specialPreview = z.object({
  store: z.object({ user_id: z.number().int(), may_see_price: z.boolean() }),
  everyday_price: everydayPriceData,
  welfare: welfareData,
  cash_back: cashBackData,
});
export type SpecialPreview = z.infer<typeof specialPreview>;
