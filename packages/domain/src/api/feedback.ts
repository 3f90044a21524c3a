import { z } from 'zod';
import { pageOf } from './admin';
import { type FeedbackType, feedbackTypes } from './feedback-types';
import { multiLineText, pageNumber, recordId, singleLineText } from './input';

// Feedback (意见反馈 /yjfk, 投诉建议 /help/us/tsjy): a store writes, customer service (客服,
// feedback:write) answers in the console; the store reads the answer on /yjfk and gets a message.

export { type FeedbackType, feedbackTypeName, feedbackTypes } from './feedback-types';

const typeCodes = feedbackTypes.map((t) => t.code) as [FeedbackType, ...FeedbackType[]];

/** POST /api/user/feedback */
export const feedbackBody = z.strictObject({
  type: z.enum(typeCodes, { error: '请选择反馈类型' }),
  content: multiLineText('反馈内容', 500).pipe(z.string().min(5, { error: '反馈内容至少5个字' })),
  /** Uploaded first through POST /api/upload (the store's own pictures). */
  photo_ids: z.array(recordId('图片不正确')).max(3, { error: '最多上传3张图片' }).default([]),
  contact: singleLineText('联系方式', 50).default(''),
});
export type FeedbackBody = z.output<typeof feedbackBody>;

export const feedbackView = z.object({
  id: z.number().int(),
  type: z.string(),
  type_name: z.string(),
  content: z.string(),
  photos: z.array(z.string()),
  contact: z.string(),
  status: z.enum(['pending', 'replied']),
  reply: z.string().nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type FeedbackView = z.infer<typeof feedbackView>;
export const feedbackPage = pageOf(feedbackView);
export const feedbackQuery = z.object({
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});

/** The console's inbox: each item with the store that wrote it. */
export const adminFeedbackView = feedbackView.extend({
  store_name: z.string(),
  company_name: z.string(),
  phone: z.string(),
  replied_by: z.string().nullable(),
});
export type AdminFeedbackView = z.infer<typeof adminFeedbackView>;
export const adminFeedbackPage = pageOf(adminFeedbackView);
export const adminFeedbackQuery = feedbackQuery.extend({
  status: z.enum(['pending', 'replied']).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export const feedbackReplyBody = z.strictObject({
  reply: multiLineText('回复内容', 500).pipe(z.string().min(2, { error: '请填写回复内容' })),
});
