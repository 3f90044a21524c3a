import { z } from 'zod';
import { pageOf } from './admin';
import { multiLineText, optionalRecordId, pageNumber, recordId, singleLineText, yuanAmount } from './input';

// 品种求购 (/pzqg): a store asks for goods the catalogue lacks; customer service (客服,
// item_requests:write) answers once: listed (with the goods), or not available (with a reason).
// The store sees the answer on /pzqg/info and in its messages.

export const itemRequestStatuses = [
  { code: 'pending', name: '待回复' },
  { code: 'listed', name: '已上架' },
  { code: 'unavailable', name: '暂无货源' },
] as const;
export type ItemRequestStatus = (typeof itemRequestStatuses)[number]['code'];
export const itemRequestStatusName = (code: string) =>
  itemRequestStatuses.find((s) => s.code === code)?.name ?? code;

/** POST /api/user/buy */
export const itemRequestBody = z.strictObject({
  name: singleLineText('商品名称', 50).pipe(z.string().min(1, { error: '请填写商品名称' })),
  spec: singleLineText('规格', 50).pipe(z.string().min(1, { error: '请填写规格' })),
  manufacturer: singleLineText('生产厂家', 50).default(''),
  approval_no: singleLineText('批准文号', 50).default(''),
  quantity: z.coerce
    .number({ error: '求购数量格式不正确' })
    .int({ error: '求购数量须为整数' })
    .min(1, { error: '求购数量至少为1' })
    .max(100_000, { error: '求购数量不能超过100000' }),
  /** Yuan; absent or 0: no expectation. */
  expected_price: yuanAmount('预期单价').default(0),
  remark: multiLineText('备注', 200).default(''),
  photo_ids: z.array(recordId('图片不正确')).max(3, { error: '最多上传3张图片' }).default([]),
});
export type ItemRequestBody = z.output<typeof itemRequestBody>;

export const itemRequestView = z.object({
  id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  approval_no: z.string(),
  quantity: z.number().int(),
  expected_price: z.number(),
  remark: z.string(),
  photos: z.array(z.string()),
  status: z.enum(['pending', 'listed', 'unavailable']),
  status_name: z.string(),
  reply: z.string().nullable(),
  /** The goods listed for the request (status listed), with its detail path. */
  goods: z.object({ id: z.number().int(), name: z.string(), link: z.string() }).nullable(),
  replied_at: z.string().nullable(),
  created_at: z.string(),
});
export type ItemRequestView = z.infer<typeof itemRequestView>;
export const itemRequestPage = pageOf(itemRequestView);
/** GET /api/user/buy */
export const itemRequestQuery = z.object({
  status: z.enum(['pending', 'listed', 'unavailable'], { error: '状态不正确' }).optional(),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});
/** GET /api/user/buy/:id */
export const itemRequestIdParams = z.object({ id: recordId('求购编号不正确') });

/** The console's list: each request with the store that wrote it. */
export const adminItemRequestView = itemRequestView.extend({
  store_name: z.string(),
  company_name: z.string(),
  phone: z.string(),
  replied_by: z.string().nullable(),
});
export type AdminItemRequestView = z.infer<typeof adminItemRequestView>;
export const adminItemRequestPage = pageOf(adminItemRequestView);
export const adminItemRequestQuery = itemRequestQuery.extend({
  keyword: singleLineText('关键词', 50).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
/** POST /api/admin/item-requests/:id/reply */
export const itemRequestReplyBody = z
  .strictObject({
    status: z.enum(['listed', 'unavailable'], { error: '请选择处理结果' }),
    /** Required when listed: the goods that now answers the request. */
    goods_id: optionalRecordId,
    reply: multiLineText('回复内容', 300).pipe(z.string().min(2, { error: '请填写回复内容' })),
  })
  .superRefine((v, ctx) => {
    if (v.status === 'listed' && v.goods_id === 0)
      ctx.addIssue({ code: 'custom', path: ['goods_id'], message: '请选择已上架的商品' });
  });

/** GET /api/admin/item-requests/goods: goods on sale that could answer a request. */
export const itemRequestGoodsQuery = z.object({
  q: singleLineText('关键词', 40).pipe(z.string().min(1, { error: '请输入商品名称、拼音或批准文号' })),
});
export const itemRequestGoodsOption = z.object({
  id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
});
