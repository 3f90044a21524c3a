import { z } from 'zod';
import { activityPagePhases, activityPageStatuses, activityPageTemplates } from '../promotion/activity-page';
import { beijingInstantOf } from '../time/beijing';
import { goodsSummary } from './catalog';
import { idList, multiLineText, recordId, singleLineText } from './input';

// 专题/活动页 contracts: the sections an operator builds a page from (one schema for the server
// and the console), the page as a buyer gets it, and the console's views.

/** A Beijing wall-clock minute `YYYY-MM-DD HH:mm` as the console's date-time pickers send it. */
export const beijingDateTime = (label: string) =>
  z
    .string({ error: `请填写${label}` })
    .trim()
    .min(1, { error: `请填写${label}` })
    .refine((s) => beijingInstantOf(s) !== undefined, { error: `${label}格式应为 YYYY-MM-DD HH:mm` });

const title = (label: string, max: number) =>
  singleLineText(label, max).pipe(z.string().min(1, { error: `请填写${label}` }));

/** An image or link address: an in-site path or an https address. */
const address = (label: string) =>
  singleLineText(label, 300).refine((s) => s === '' || /^(\/(?!\/)|https:\/\/)/.test(s), {
    error: `${label}须以 / 或 https:// 开头`,
  });

export const bannerSection = z.strictObject({
  type: z.literal('banner'),
  image: address('横幅图片').pipe(z.string().min(1, { error: '请填写横幅图片地址' })),
  link: address('横幅链接').default(''),
  alt: singleLineText('图片说明', 40).default(''),
});
export const goodsSection = z.strictObject({
  type: z.literal('goods'),
  title: title('楼层标题', 20),
  goods_ids: idList([1, '请选择楼层商品'], [40, '一个楼层最多40个商品'], '商品不正确'),
});
export const countdownSection = z.strictObject({
  type: z.literal('countdown'),
  title: title('倒计时标题', 20),
  /** Empty: counts down to the page's end. */
  until: z.union([z.literal(''), beijingDateTime('倒计时截止时间')]).default(''),
});
export const noticeSection = z.strictObject({
  type: z.literal('notice'),
  title: singleLineText('公告标题', 20).default(''),
  text: multiLineText('公告内容', 2000).pipe(z.string().min(1, { error: '请填写公告内容' })),
});
export const couponsSection = z.strictObject({
  type: z.literal('coupons'),
  title: title('楼层标题', 20),
  coupon_ids: idList([1, '请选择优惠券'], [12, '一个楼层最多12张优惠券'], '优惠券不正确'),
});

export const activitySection = z.discriminatedUnion(
  'type',
  [bannerSection, goodsSection, countdownSection, noticeSection, couponsSection],
  { error: '板块类型不正确' },
);
export type ActivitySection = z.output<typeof activitySection>;
export type ActivitySectionType = ActivitySection['type'];
export const activitySectionNames: Record<ActivitySectionType, string> = {
  banner: '横幅',
  goods: '商品楼层',
  countdown: '倒计时',
  notice: '图文公告',
  coupons: '优惠券楼层',
};

/** POST /api/admin/activity-pages(/:id) */
export const activityPageBody = z
  .strictObject({
    title: title('页面标题', 30),
    template: z.enum(activityPageTemplates, { error: '请选择页面模板' }),
    starts_at: beijingDateTime('开始时间'),
    ends_at: beijingDateTime('结束时间'),
    notice_text: singleLineText('未开始提示', 40).default(''),
    sections: z
      .array(activitySection, { error: '请添加页面板块' })
      .min(1, { error: '至少添加一个板块' })
      .max(30, { error: '板块最多30个' }),
  })
  .superRefine((v, ctx) => {
    const start = beijingInstantOf(v.starts_at);
    const end = beijingInstantOf(v.ends_at);
    if (start && end && end <= start)
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: '结束时间须晚于开始时间' });
  });
export type ActivityPageBody = z.output<typeof activityPageBody>;

/** POST /api/admin/activity-pages/:id/status: publish, pause (or resume), end. */
export const activityPageStatusBody = z.strictObject({
  status: z.enum(activityPageStatuses, { error: '状态不正确' }),
});

export const activityPagePhaseCode = z.enum(activityPagePhases);

/** A page in a list (/yjh, the /Hdzx tabs). Times are 10-digit seconds. */
export const activityPageSummary = z.object({
  id: z.number().int(),
  title: z.string(),
  template: z.enum(activityPageTemplates),
  starts_at: z.number().int(),
  ends_at: z.number().int(),
  phase: activityPagePhaseCode,
  /** The first banner's image, for list tiles. */
  cover: z.string().nullable(),
});
export type ActivityPageSummary = z.infer<typeof activityPageSummary>;

export const activityCouponView = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  /** Yuan. */
  threshold: z.number(),
  amount: z.number(),
  rate_percent: z.number().int().nullable(),
  expires_at: z.number().int().nullable(),
});
export type ActivityCouponView = z.infer<typeof activityCouponView>;

export const activitySectionView = z.discriminatedUnion('type', [
  z.object({ type: z.literal('banner'), image: z.string(), link: z.string(), alt: z.string() }),
  z.object({ type: z.literal('goods'), title: z.string(), goods: z.array(goodsSummary) }),
  z.object({ type: z.literal('countdown'), title: z.string(), to: z.number().int() }),
  z.object({ type: z.literal('notice'), title: z.string(), text: z.string() }),
  z.object({ type: z.literal('coupons'), title: z.string(), coupons: z.array(activityCouponView) }),
]);
export type ActivitySectionView = z.infer<typeof activitySectionView>;

/**
 * GET /api/activity-pages/:id: a running page carries its sections; a page not running carries
 * none, only the notice the buyer is shown (spec 8) and, before its start, the countdown.
 */
export const activityPageView = activityPageSummary.extend({
  notice: z.object({ text: z.string(), countdown_to: z.number().int().nullable() }).nullable(),
  sections: z.array(activitySectionView),
});
export type ActivityPageView = z.infer<typeof activityPageView>;

/** GET /api/activity-pages: running pages of a template (/yjh), or the pages named by ids (/Hdzx). */
export const activityPageListQuery = z.object({
  template: z.enum(activityPageTemplates, { error: '页面模板不正确' }).optional(),
  ids: idList([1, '活动不正确'], [20, '最多20个活动'], '活动不正确').optional(),
});
export const activityPageIdParams = z.object({ id: recordId('活动不存在') });

/** The console's page: the body it edits plus where the page stands. */
export const adminActivityPageView = z.object({
  id: z.number().int(),
  title: z.string(),
  template: z.enum(activityPageTemplates),
  starts_at: z.string(),
  ends_at: z.string(),
  notice_text: z.string(),
  status: z.enum(activityPageStatuses),
  status_name: z.string(),
  phase: activityPagePhaseCode,
  phase_name: z.string(),
  sections: z.array(activitySection),
  /** Names of the goods and coupons the sections pick, for the editor's pickers. */
  goods_names: z.record(z.string(), z.string()),
  coupon_names: z.record(z.string(), z.string()),
  updated_at: z.number().int(),
});
export type AdminActivityPageView = z.infer<typeof adminActivityPageView>;

/** GET /api/admin/activity-pages/:id/preview?user_id=: the page as that store would get it. */
export const activityPreviewQuery = z.object({ user_id: recordId('请选择预览门店') });
export const previewStoreQuery = z.object({ q: singleLineText('关键词', 40).default('') });
export const previewStoreView = z.object({
  id: z.number().int(),
  store_name: z.string(),
  company_name: z.string(),
});
export type PreviewStoreView = z.infer<typeof previewStoreView>;
