import { z } from 'zod';
import { idList, pageNumber } from './input';
import { messageCategoryCodes } from './message-categories';

// 我的消息 (/wdxx): messages are written by events (an order shipped, a decision taken, an
// answer given, a licence or coupon about to expire), never typed by an operator. Each has a
// category the page files it under, and optionally a link to what it is about.

export {
  type MessageCategory,
  messageCategories,
  messageCategoryCodes,
  messageCategoryName,
} from './message-categories';

export const messageView = z.object({
  id: z.number().int(),
  category: z.string(),
  category_name: z.string(),
  title: z.string(),
  body: z.string(),
  /** A shop path to what the message is about (an order, a request), or null. */
  link: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type MessageView = z.infer<typeof messageView>;

/** GET /api/user/messages */
export const messageQuery = z.object({
  category: z.enum(messageCategoryCodes, { error: '消息分类不正确' }).optional(),
  /** 1: unread only. */
  unread: z.coerce.number().int().min(0).max(1).default(0),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});

export const messagePage = z.object({
  list: z.array(messageView),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** Unread messages per category, and in all (the header badge's message_count). */
  unread: z.object({ total: z.number().int(), by_category: z.record(z.string(), z.number().int()) }),
});
export type MessagePage = z.infer<typeof messagePage>;

/** POST /api/user/messages/read: these ids, or every unread one (of a category) when ids is absent. */
export const messageReadBody = z.strictObject({
  ids: idList([1, '请选择消息'], [100, '一次最多100条'], '消息编号不正确').optional(),
  category: z.enum(messageCategoryCodes, { error: '消息分类不正确' }).optional(),
});
export const messageReadResult = z.object({ updated: z.number().int(), unread: z.number().int() });
