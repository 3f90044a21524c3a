import { z } from 'zod';
import { invoiceKinds, invoiceStates } from '../order/invoice';
import { pageOf } from './admin';
import { multiLineText, pageNumber, recordId, singleLineText } from './input';

// 电子发票 (/dzfp and the console's 发票管理): the store asks for the invoice of an order (at
// step 2 or here), finance issues it or sends it back with a reason, the store downloads the PDF.

const stateCodes = invoiceStates.map((s) => s.code) as [
  (typeof invoiceStates)[number]['code'],
  ...(typeof invoiceStates)[number]['code'][],
];

/** POST /api/user/invoices: ask for (or correct) the invoice of one of the store's orders. */
export const invoiceRequestBody = z
  .strictObject({
    order_id: recordId('请选择订单'),
    type: z.coerce
      .number({ error: '请选择发票类型' })
      .int({ error: '请选择发票类型' })
      .min(1, { error: '请选择发票类型' })
      .max(2, { error: '请选择发票类型' }),
    title: singleLineText('发票抬头', 100).pipe(z.string().min(2, { error: '请填写发票抬头' })),
    tax_no: singleLineText('税号', 30).default(''),
  })
  .superRefine((v, ctx) => {
    const taxNo = v.tax_no.toUpperCase();
    if ((v.type === 2 || taxNo) && !/^[0-9A-Z]{15,20}$/.test(taxNo))
      ctx.addIssue({
        code: 'custom',
        path: ['tax_no'],
        message: '请填写正确的纳税人识别号（15至20位数字或大写字母）',
      });
  })
  .transform((v) => ({ ...v, tax_no: v.tax_no.toUpperCase() }));
export type InvoiceRequestBody = z.output<typeof invoiceRequestBody>;

export const invoiceLineView = z.object({
  name: z.string(),
  spec: z.string(),
  unit: z.string(),
  quantity: z.number().int(),
  rate: z.number().int(),
  amount: z.number(),
  tax: z.number(),
  total: z.number(),
});

const kindCodes = invoiceKinds.map((k) => k.code) as ['blue', 'red'];

export const invoiceView = z.object({
  id: z.number().int(),
  /** blue, or red: 红字发票 (negative amounts) reversing `original_invoice_no`. */
  kind: z.enum(kindCodes),
  kind_name: z.string(),
  /** Red: the number of the blue invoice it reverses; a blue one after a refund: the one it replaces. */
  original_invoice_no: z.string().nullable(),
  order_id: z.number().int(),
  order_no: z.string(),
  order_status_label: z.string(),
  /** Seconds, as the order lists give them. */
  ordered_at: z.number().int(),
  type: z.number().int(),
  type_name: z.string(),
  title: z.string(),
  tax_no: z.string(),
  /** What the invoice is for: the order's total less refunds (yuan); once issued, the invoice's. */
  total: z.number(),
  state: z.enum(stateCodes),
  state_name: z.string(),
  hint: z.string(),
  editable: z.boolean(),
  reject_reason: z.string().nullable(),
  invoice_no: z.string().nullable(),
  issued_at: z.number().int().nullable(),
  amount: z.number().nullable(),
  tax: z.number().nullable(),
  lines: z.array(invoiceLineView),
  /** The PDF's path once issued. */
  pdf: z.string().nullable(),
});
export type InvoiceView = z.infer<typeof invoiceView>;
export const invoicePage = pageOf(invoiceView);

/** GET /api/user/invoices */
export const invoiceQuery = z.object({
  state: z.enum(stateCodes, { error: '状态不正确' }).optional(),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(50).default(10),
});
export const invoiceIdParams = z.object({ id: recordId('发票编号不正确') });

/** Paid orders of the store that have no invoice yet (the request form's order picker). */
export const invoiceableOrder = z.object({
  id: z.number().int(),
  order_no: z.string(),
  total: z.number(),
  ordered_at: z.number().int(),
});

/** The console's list: each invoice with the store that asked for it. */
export const adminInvoiceView = invoiceView.extend({
  store_name: z.string(),
  company_name: z.string(),
  phone: z.string(),
  issued_by: z.string().nullable(),
});
export type AdminInvoiceView = z.infer<typeof adminInvoiceView>;
export const adminInvoicePage = pageOf(adminInvoiceView);
export const adminInvoiceQuery = invoiceQuery.extend({
  keyword: singleLineText('关键词', 50).optional(),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
/** POST /api/admin/invoices/:id/reject */
export const invoiceRejectBody = z.strictObject({
  reason: multiLineText('退回原因', 200).pipe(z.string().min(2, { error: '请填写退回原因' })),
});
