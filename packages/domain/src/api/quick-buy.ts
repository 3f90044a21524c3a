import { z } from 'zod';
import { QUICK_ORDER_MAX_LINES } from '../cart/quick-order';
import { pageOf } from './admin';
import { goodsSummary } from './catalog';
import { pageNumber } from './input';

// 快捷采购 (/kjcg): what this store bought before, to buy again in one click, and the quick order
// box that turns pasted lines or a sheet into cart lines.

/** GET /api/user/fast_buy (spec: page, order) */
export const fastBuyQuery = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(50).default(20),
  order: z.enum(['recent', 'times', 'quantity'], { error: '排序方式不正确' }).default('recent'),
});
export type FastBuyQuery = z.input<typeof fastBuyQuery>;

export const fastBuyItem = z.object({
  goods_id: z.number().int(),
  /** As on the store's last order of it (the goods may have been renamed or taken off sale). */
  name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  /** Paid orders that held it, and the quantity over them. */
  times: z.number().int(),
  total_quantity: z.number().int(),
  /** Unit price paid last time, yuan. */
  last_price: z.number(),
  /** Beijing date of the last paid order that held it. */
  last_date: z.string(),
  /** The goods as on sale now, priced for this store; null when no longer on sale. */
  goods: goodsSummary.nullable(),
});
export type FastBuyItem = z.infer<typeof fastBuyItem>;
export const fastBuyPage = pageOf(fastBuyItem);
export type FastBuyPage = z.infer<typeof fastBuyPage>;

/** POST /api/user/quick_order: pasted lines of "name, approval number or goods code, quantity". */
export const quickOrderBody = z.strictObject({
  text: z
    .string({ error: '请粘贴要采购的商品' })
    .max(20_000, { error: `内容过长：一次最多${QUICK_ORDER_MAX_LINES}行` })
    .refine((s) => s.trim() !== '', { error: '请粘贴要采购的商品' }),
});

export const quickOrderStatuses = [
  { code: 'matched', name: '已匹配' },
  { code: 'choose', name: '请选择' },
  { code: 'none', name: '未找到' },
  { code: 'invalid', name: '格式有误' },
] as const;

export const quickOrderMatch = z.object({
  line: z.number().int(),
  keyword: z.string(),
  /** As typed; null: the goods' minimum quantity. */
  quantity: z.number().int().nullable(),
  status: z.enum(['matched', 'choose', 'none', 'invalid']),
  /** Why a line matched nothing or cannot be read. */
  reason: z.string().nullable(),
  /** matched: the one goods; choose: up to five, best first. */
  candidates: z.array(goodsSummary),
});
export type QuickOrderMatch = z.infer<typeof quickOrderMatch>;

export const quickOrderResult = z.object({
  lines: z.array(quickOrderMatch),
  matched: z.number().int(),
  choose: z.number().int(),
  unmatched: z.number().int(),
});
export type QuickOrderResult = z.infer<typeof quickOrderResult>;
