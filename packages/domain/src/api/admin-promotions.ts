import { z } from 'zod';
import { zones } from '../catalog/scope';
import { fromYuan } from '../money';
import type { Coverage } from '../promotion/coverage';
import { formBoolean, idList, instantInput, singleLineText, yuanAmount } from './input';

/**
 * The console's promotion forms (满减 and the coverage every activity kind shares). One schema per
 * form, used by the server route and the console's types alike; every message Chinese.
 */
const zoneCodes = Object.keys(zones) as [keyof typeof zones, ...(keyof typeof zones)[]];
const ids = (label: string) => idList([0, ''], [2000, `${label}最多选择2000个`]).optional();

/**
 * Which goods an activity covers, as the console sends it: all goods, or any of goods,
 * categories (with their sub-categories), brands and zones, minus excluded goods.
 */
export const coverageBody = z
  .object({
    all: formBoolean('全部商品须为是或否').default(false),
    goods_ids: ids('商品'),
    category_ids: ids('分类'),
    brand_ids: ids('品牌'),
    zones: z
      .preprocess(
        (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
        z.array(z.enum(zoneCodes, { error: '专区不正确' })),
      )
      .optional(),
    exclude_goods_ids: ids('排除商品'),
  })
  .superRefine((v, ctx) => {
    const named = !!(v.goods_ids?.length || v.category_ids?.length || v.brand_ids?.length || v.zones?.length);
    if (!v.all && !named)
      ctx.addIssue({
        code: 'custom',
        path: ['goods_ids'],
        message: '请选择活动商品范围（全部商品，或商品、分类、品牌、专区）',
      });
  });
export type CoverageBody = z.output<typeof coverageBody>;

export function toCoverage(body: CoverageBody): Coverage {
  const out: Coverage = {};
  if (body.all) out.all = true;
  if (body.goods_ids?.length) out.goodsIds = body.goods_ids;
  if (body.category_ids?.length) out.categoryIds = body.category_ids;
  if (body.brand_ids?.length) out.brandIds = body.brand_ids;
  if (body.zones?.length) out.zones = body.zones;
  if (body.exclude_goods_ids?.length) out.excludeGoodsIds = body.exclude_goods_ids;
  return out;
}

export const coverageView = z.object({
  all: z.boolean(),
  goods_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  brand_ids: z.array(z.number().int()),
  zones: z.array(z.string()),
  exclude_goods_ids: z.array(z.number().int()),
});
export type CoverageView = z.infer<typeof coverageView>;

export const coverageViewOf = (c: Coverage | null): CoverageView => ({
  all: c === null || !!c.all,
  goods_ids: c?.goodsIds ?? [],
  category_ids: c?.categoryIds ?? [],
  brand_ids: c?.brandIds ?? [],
  zones: c?.zones ?? [],
  exclude_goods_ids: c?.excludeGoodsIds ?? [],
});

const tierBody = z.object({
  amount: yuanAmount('满额').refine((v) => v > 0, { error: '满额须大于0' }),
  reduction: yuanAmount('减额').refine((v) => v > 0, { error: '减额须大于0' }),
});

/** 满减 activity form: name, tiers (每档满额递增，减额小于满额), time window and coverage. */
export const manjianBody = z
  .strictObject({
    name: singleLineText('活动名称', 40).pipe(z.string().min(1, { error: '请填写活动名称' })),
    tiers: z
      .array(tierBody, { error: '请设置满减档位' })
      .min(1, { error: '至少设置一个满减档位' })
      .max(6, { error: '满减档位最多6个' }),
    starts_at: instantInput('开始时间'),
    ends_at: instantInput('结束时间'),
    coverage: coverageBody,
  })
  .superRefine((v, ctx) => {
    if (v.ends_at <= v.starts_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '结束时间须晚于开始时间' });
    v.tiers.forEach((t, i) => {
      if (t.reduction >= t.amount)
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'reduction'], message: '减额须小于满额' });
      const prev = v.tiers[i - 1];
      if (prev && (t.amount <= prev.amount || t.reduction <= prev.reduction))
        ctx.addIssue({ code: 'custom', path: ['tiers', i, 'amount'], message: '档位的满额和减额须逐档递增' });
    });
  })
  .transform((v) => ({
    ...v,
    tiers: v.tiers.map((t) => ({ amountFen: fromYuan(t.amount), reductionFen: fromYuan(t.reduction) })),
    coverage: toCoverage(v.coverage),
  }));
export type ManjianBody = z.output<typeof manjianBody>;

/** pause: stop for now; resume: run again within its window; end: end it now (cannot be undone). */
export const activityStateBody = z.strictObject({
  action: z.enum(['pause', 'resume', 'end'], { error: '操作不正确' }),
});

export const activityPhaseLabels = {
  upcoming: '未开始',
  running: '进行中',
  paused: '已暂停',
  ended: '已结束',
} as const;

export const adminManjianView = z.object({
  id: z.number().int(),
  name: z.string(),
  tiers: z.array(z.object({ amount: z.number(), reduction: z.number() })),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  is_active: z.boolean(),
  phase: z.enum(['upcoming', 'running', 'paused', 'ended']),
  phase_label: z.string(),
  coverage: coverageView,
  coverage_text: z.string(),
  /** Paid orders that took this activity, the reduction given and their goods amount. */
  orders: z.number().int(),
  reduction: z.number(),
  sales: z.number(),
});
export type AdminManjianView = z.infer<typeof adminManjianView>;

/**
 * A promotion of a plain-data kind (promotion/rules: `plainData`), as the console's one editor
 * sends it: the kind, its name, window and coverage, and its condition and action arguments as
 * the kind's editor description lays them out (money in yuan). The kind's own zod schema checks
 * the arguments on the server (promotion/arguments.ts converts the money).
 */
const argumentsBody = (label: string) =>
  z.record(z.string(), z.unknown(), { error: `${label}格式不正确` }).default({});

export const promotionBody = z
  .strictObject({
    kind: z.string({ error: '请选择促销类型' }).min(1, { error: '请选择促销类型' }).max(40),
    name: singleLineText('活动名称', 40).pipe(z.string().min(1, { error: '请填写活动名称' })),
    starts_at: instantInput('开始时间'),
    ends_at: instantInput('结束时间'),
    coverage: coverageBody,
    condition: argumentsBody('条件'),
    action: argumentsBody('优惠'),
  })
  .superRefine((v, ctx) => {
    if (v.ends_at <= v.starts_at)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '结束时间须晚于开始时间' });
  });
export type PromotionBody = z.output<typeof promotionBody>;

const argumentFieldView = z.object({
  name: z.string(),
  in: z.enum(['condition', 'action']),
  label: z.string(),
  type: z.enum(['fen', 'percent', 'count', 'boolean', 'tiers']),
  required: z.boolean(),
  help: z.string().optional(),
  columns: z
    .array(
      z.object({
        name: z.string(),
        label: z.string(),
        type: z.enum(['fen', 'percent', 'count', 'boolean', 'tiers']),
        required: z.boolean(),
        help: z.string().optional(),
      }),
    )
    .optional(),
});

/** A kind the console may create, and the description its editor renders the form from. */
export const promotionKindView = z.object({
  kind: z.string(),
  label: z.string(),
  /** The stacking class (promotion/stacking.ts) and its name. */
  stacking: z.string(),
  stacking_label: z.string(),
  fields: z.array(argumentFieldView),
});
export type PromotionKindView = z.infer<typeof promotionKindView>;

export const adminPromotionView = z.object({
  id: z.number().int(),
  kind: z.string(),
  kind_label: z.string(),
  name: z.string(),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  status: z.string(),
  phase: z.enum(['scheduled', 'running', 'paused', 'ended']),
  phase_name: z.string(),
  coverage: coverageView,
  condition: z.record(z.string(), z.unknown()),
  action: z.record(z.string(), z.unknown()),
});
export type AdminPromotionView = z.infer<typeof adminPromotionView>;
