import { z } from 'zod';
import { required } from './admin-content';
import { calendarDate, formBoolean, pageNumber, singleLineText } from './input';

// Search aliases and search statistics (商品 → 搜索同义词, 搜索词统计; search:read, search:write).
// An alias is a term buyers type and the names it also searches for: one-way (消炎药 -> 阿莫西林、
// 头孢氨苄…: only the term expands) or two-way (扑热息痛 = 对乙酰氨基酚: each name finds the
// other). Statistics count the goods-list searches per Beijing day and keyword, and how many of
// them found nothing.

export const SYNONYM_TERM_MAX = 20;
export const SYNONYM_EXPANSIONS_MAX = 12;

/** What the console's tag input sends (an array), or one text separated by 、，, ; or spaces. */
const expansionList = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(/[、，,;；\s]+/) : v),
  z
    .array(singleLineText('同义词', SYNONYM_TERM_MAX), { error: '请填写同义词' })
    .transform((list) => [...new Set(list.filter((s) => s.length > 0))])
    .pipe(
      z
        .array(z.string())
        .min(1, { error: '请至少填写一个同义词' })
        .max(SYNONYM_EXPANSIONS_MAX, { error: `同义词最多${SYNONYM_EXPANSIONS_MAX}个` }),
    ),
);

export const synonymBody = z
  .object({
    term: required(singleLineText('搜索词', SYNONYM_TERM_MAX), '请填写搜索词'),
    expansions: expansionList,
    two_way: formBoolean('双向须为是或否').default(false),
  })
  .refine((b) => !b.expansions.some((e) => e.toLowerCase() === b.term.toLowerCase()), {
    error: '同义词不能与搜索词相同',
    path: ['expansions'],
  });
export type SynonymBody = z.output<typeof synonymBody>;

export const synonymView = z.object({
  id: z.number().int(),
  term: z.string(),
  expansions: z.array(z.string()),
  two_way: z.boolean(),
  updated_at: z.string(),
});
export type SynonymView = z.infer<typeof synonymView>;

export const synonymListQuery = z.object({
  /** Contained in the term or in one of its expansions. */
  keyword: singleLineText('搜索词', SYNONYM_TERM_MAX).optional(),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const synonymPage = z.object({
  list: z.array(synonymView),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});

/** 搜索词统计: `zero` the searches that found nothing, `top` every search; per day, most first. */
export const searchStatsQuery = z
  .object({
    view: z.enum(['zero', 'top'], { error: '统计类型不正确' }).default('zero'),
    from: calendarDate('开始日期').optional(),
    to: calendarDate('结束日期').optional(),
    keyword: singleLineText('搜索词', 100).optional(),
    page: pageNumber,
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { error: '开始日期不能晚于结束日期', path: ['from'] });
export type SearchStatsQuery = z.output<typeof searchStatsQuery>;

export const searchStatsRow = z.object({
  day: z.string(),
  keyword: z.string(),
  searches: z.number().int(),
  zero_results: z.number().int(),
  /** The alias this keyword already has, if any (the console offers to add one otherwise). */
  synonym_id: z.number().int().nullable(),
});
export type SearchStatsRow = z.infer<typeof searchStatsRow>;
export const searchStatsPage = z.object({
  list: z.array(searchStatsRow),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
