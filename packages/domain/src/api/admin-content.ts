import { z } from 'zod';
import { adPositions } from './ad-slots';
import { calendarDate, formBoolean, multiLineText, recordId, singleLineText } from './input';

// Console content contracts (/api/admin/content/:kind): ads and banners, the main nav, hot
// searches, friendly links and help articles. Each kind has one body schema (create and edit);
// the console's forms and the server read them from here.

const adPositionCodes = adPositions.map((p) => p.code) as [string, ...string[]];

/**
 * Who an ad is shown to: everyone, visitors (not logged in), new buyers (logged in, no paid order
 * yet). An ad names 全部 or some of the others (新人专享: 游客 and 新客).
 */
export const adAudiences = [
  { code: 'all', name: '全部' },
  { code: 'visitor', name: '游客' },
  { code: 'new_buyer', name: '新客' },
] as const;
export type AdAudience = (typeof adAudiences)[number]['code'];
/** Who is looking: a visitor, a buyer with no paid order yet, or a buyer who has paid one. */
export type AdViewer = 'visitor' | 'new_buyer' | 'customer';

/** May an ad of this audience be shown to the viewer? */
export const adShownTo = (audience: readonly string[], viewer: AdViewer): boolean =>
  audience.includes('all') || audience.includes(viewer);

const adAudience = z
  .array(
    z.enum(adAudiences.map((a) => a.code) as [AdAudience, ...AdAudience[]], { error: '请选择投放对象' }),
    {
      error: '请选择投放对象',
    },
  )
  .max(adAudiences.length, { error: '请选择投放对象' })
  // 全部 with others, or nothing, reads as 全部; each group once.
  .transform((list): AdAudience[] =>
    list.length === 0 || list.includes('all') ? ['all'] : [...new Set(list)].sort(),
  );

/** A link an operator may set: a shop path (/list?...) or an http(s) address; never javascript: or //host. */
export const linkUrl = (label: string) =>
  singleLineText(label, 300).refine(
    (u) => u === '' || /^\/(?![/\\])/.test(u) || /^https?:\/\/[^\s]+$/i.test(u),
    {
      error: `${label}须为站内路径（以 / 开头）或 http(s) 网址`,
    },
  );
export const required = (schema: z.ZodString, message: string) =>
  schema.pipe(z.string().min(1, { error: message }));
const sort = z.coerce
  .number({ error: '排序须为整数' })
  .int({ error: '排序须为整数' })
  .min(0, { error: '排序不能小于0' })
  .max(9999, { error: '排序不能超过9999' })
  .default(0);
const pictureUrl = z
  .string()
  .max(300)
  .refine((u) => u === '' || /^\/media\/[a-z-]+\/[\w.-]+$/.test(u), { error: '请上传图片' })
  .default('');

export const adBody = z.object({
  position: z.enum(adPositionCodes, { error: '请选择广告位' }),
  title: required(singleLineText('标题', 40), '请填写标题'),
  subtitle: singleLineText('副标题', 60).default(''),
  url: linkUrl('链接').default(''),
  /** Empty: the banner is drawn from its title, subtitle and colour. */
  image: pictureUrl,
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: '颜色格式应为 #RRGGBB' })
    .default('#1f6fb2'),
  sort,
  is_active: formBoolean('启用须为是或否').default(true),
  audience: adAudience.default(['all']),
});

export const navBody = z.object({
  parent_id: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    recordId('上级菜单不正确').nullable(),
  ),
  name: required(singleLineText('名称', 10), '请填写名称'),
  url: required(linkUrl('链接'), '请填写链接'),
  is_open: formBoolean('新窗口打开须为是或否').default(false),
  sort,
});

export const hotSearchBody = z.object({
  name: required(singleLineText('热搜词', 12), '请填写热搜词'),
  url: required(linkUrl('链接'), '请填写链接'),
  sort,
});

export const linkBody = z.object({
  name: required(singleLineText('名称', 20), '请填写名称'),
  url: required(linkUrl('链接'), '请填写链接'),
  sort,
});

/**
 * Help articles are written in Markdown; the server renders and sanitises them (an allow-list of
 * tags, http(s)/mailto/site links only) and the shop shows that HTML.
 */
export const helpArticleBody = z.object({
  category_id: recordId('请选择帮助分类'),
  title: required(singleLineText('标题', 40), '请填写标题'),
  path: singleLineText('页面地址', 100).regex(/^\/help\/[a-z0-9]+\/[a-z0-9_-]+$/, {
    error: '页面地址格式应为 /help/分类/页面（小写字母、数字）',
  }),
  body: required(multiLineText('正文', 20_000), '请填写正文'),
  sort,
});

/** News (资讯: 行业资讯 hy / 公司新闻 company), written in Markdown like help articles. */
export const newsBody = z.object({
  type: z.enum(['hy', 'company'], { error: '请选择资讯类型' }),
  title: required(singleLineText('标题', 60), '请填写标题'),
  summary: required(singleLineText('摘要', 200), '请填写摘要'),
  source: required(singleLineText('来源', 30), '请填写来源'),
  published_on: calendarDate('发布日期'),
  body: required(multiLineText('正文', 20_000), '请填写正文'),
});

export const contentBodies = {
  ads: adBody,
  nav: navBody,
  hot_searches: hotSearchBody,
  links: linkBody,
  help_articles: helpArticleBody,
  news: newsBody,
} as const;
export type ContentKind = keyof typeof contentBodies;
export const contentKinds = Object.keys(contentBodies) as [ContentKind, ...ContentKind[]];
export const contentKindNames: Record<ContentKind, string> = {
  ads: '广告与轮播',
  nav: '主导航',
  hot_searches: '热门搜索',
  links: '友情链接',
  help_articles: '帮助文章',
  news: '资讯',
};
export type ContentBody<K extends ContentKind> = z.output<(typeof contentBodies)[K]>;

export const contentParams = z.object({ kind: z.enum(contentKinds, { error: '内容类型不正确' }) });
export const contentItemParams = contentParams.extend({ id: recordId() });

/** One row of any kind: its id and its body's fields as stored. */
export const contentItem = z.object({ id: z.number().int() }).catchall(z.unknown());
export type ContentItem = { id: number } & Record<string, unknown>;
export const contentList = z.object({
  items: z.array(contentItem),
  /** Help categories (for help articles' category picker). */
  help_categories: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
