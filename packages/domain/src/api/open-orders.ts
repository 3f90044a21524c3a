import { z } from 'zod';
import { ORDER_STATUSES, orderStatusLabels } from '../order/state-machine';
import { instantInput, PG_INT_MAX, singleLineText } from './input';
import { openData, openPage } from './open';

// The open API's orders (scope orders) and shipments (scope shipments): the ERP pulls new and
// changed orders page by page, acknowledges each, and ships from its warehouse.

/** The order statuses, as the shop names them (the `status` filter and field). */
export const openOrderStatusDoc = ORDER_STATUSES.map((s) => `\`${s}\` ${orderStatusLabels[s]}`).join('，');

/** A page cursor: opaque to the ERP (base64url of the last row's updated_at and id). */
export const OPEN_CURSOR_MAX = 200;

export const openOrdersQuery = z.strictObject({
  status: z
    .enum(ORDER_STATUSES, { error: '没有这种订单状态' })
    .optional()
    .meta({ description: `Only orders in this status: ${openOrderStatusDoc}` }),
  updated_since: instantInput('updated_since')
    .optional()
    .meta({ description: 'Only orders changed at or after this instant (ISO-8601 with offset)' }),
  cursor: z
    .string({ error: 'cursor 格式有误' })
    .min(1, { error: 'cursor 格式有误' })
    .max(OPEN_CURSOR_MAX, { error: 'cursor 格式有误' })
    .optional()
    .meta({ description: 'The `next_cursor` of the previous page' }),
  limit: z.coerce
    .number({ error: 'limit 须为整数' })
    .int({ error: 'limit 须为整数' })
    .min(1, { error: 'limit 不能小于1' })
    .max(100, { error: 'limit 不能超过100' })
    .default(100)
    .meta({ description: 'Orders a page, 1 to 100 (default 100)' }),
});
export type OpenOrdersQuery = z.infer<typeof openOrdersQuery>;

export const openOrderNoParams = z.strictObject({
  order_no: z
    .string()
    .min(1, { error: '订单号有误' })
    .max(40, { error: '订单号有误' })
    .meta({ description: 'The order number the shop shows (订单号)' }),
});

const money = z.number().meta({ description: 'Yuan, at most 2 decimals' });

const openOrderLine = z.object({
  line_id: z.number().int(),
  /** goods | gift (赠品) | add_on (换购) */
  kind: z.enum(['goods', 'gift', 'add_on']),
  goods_id: z.number().int(),
  erp_code: z
    .string()
    .nullable()
    .meta({ description: 'The goods’ ERP code (PUT /goods/{erp_code}); null for goods made in the console' }),
  goods_name: z.string(),
  spec: z.string(),
  manufacturer: z.string(),
  unit: z.string(),
  warehouse_id: z.number().int(),
  warehouse_name: z.string(),
  quantity: z.number().int(),
  unit_price: money,
  amount: money.meta({ description: 'unit_price × quantity' }),
  discount: money.meta({ description: 'The line’s own reduction and its share of 满减' }),
  payable: money.meta({ description: 'amount − discount' }),
  promotion: z.string().nullable().meta({ description: 'The line promotion it was priced by (秒杀…)' }),
  ephedrine: z.boolean(),
});

const openLicence = z.object({
  kind: z.string(),
  number: z.string(),
  expires_on: z.string().nullable().meta({ description: 'YYYY-MM-DD; null for 长期' }),
});

const openOrderPayment = z.object({
  channel: z.string().meta({ description: 'balance 余额, credit 授信, wechat, alipay, bank_transfer…' }),
  amount: money,
  refunded: money,
  paid_at: z.string().nullable(),
});

export const openOrder = z.object({
  order_no: z.string(),
  status: z.enum(ORDER_STATUSES).meta({ description: openOrderStatusDoc }),
  status_label: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  updated_at: z.string(),
  acked_at: z.string().nullable(),
  buyer: z.object({
    company_id: z.number().int(),
    company_name: z.string(),
    erp_code: z
      .string()
      .nullable()
      .meta({ description: 'The ERP’s customer code (PUT /companies/{id}/erp_code); null until mapped' }),
    store_id: z.number().int(),
    licences: z.array(openLicence),
  }),
  address: z.object({
    consignee: z.string(),
    phone: z.string(),
    province: z.string(),
    city: z.string(),
    district: z.string(),
    detail: z.string(),
  }),
  invoice: z
    .object({
      type: z.enum(['normal', 'special']).meta({ description: 'normal 普通发票, special 增值税专用发票' }),
      title: z.string(),
      tax_no: z.string().nullable(),
    })
    .nullable(),
  remarks: z.string(),
  amounts: z.object({
    goods: money,
    full_reduction: money,
    coupon: money,
    points: money,
    shipping: money,
    total: money,
    paid: money,
    refunded: money,
  }),
  lines: z.array(openOrderLine),
  payments: z.array(openOrderPayment),
  shipments: z.array(z.object({ carrier: z.string(), tracking_no: z.string(), shipped_at: z.string() })),
});
export type OpenOrder = z.infer<typeof openOrder>;

const exampleOrder: OpenOrder = {
  order_no: 'YC202611281030001234',
  status: 'awaiting_shipment',
  status_label: '待发货',
  created_at: '2026-11-28T02:30:00.000Z',
  paid_at: '2026-11-28T02:31:10.000Z',
  updated_at: '2026-11-28T02:31:10.000Z',
  acked_at: null,
  buyer: {
    company_id: 42,
    company_name: '杭州仁心大药房有限公司',
    erp_code: 'KH0057',
    store_id: 57,
    licences: [{ kind: 'drug_business', number: '浙AA5710001', expires_on: '2029-06-30' }],
  },
  address: {
    consignee: '王芳',
    phone: '13800001234',
    province: '浙江省',
    city: '杭州市',
    district: '西湖区',
    detail: '文三路 100 号',
  },
  invoice: { type: 'special', title: '杭州仁心大药房有限公司', tax_no: '91330106MA2XXXXX0X' },
  remarks: '',
  amounts: {
    goods: 246.8,
    full_reduction: 10,
    coupon: 0,
    points: 0,
    shipping: 0,
    total: 236.8,
    paid: 236.8,
    refunded: 0,
  },
  lines: [
    {
      line_id: 9001,
      kind: 'goods',
      goods_id: 311,
      erp_code: 'SP000311',
      goods_name: '阿莫西林胶囊',
      spec: '0.25g*24粒',
      manufacturer: '华北制药',
      unit: '盒',
      warehouse_id: 1,
      warehouse_name: '杭州仓',
      quantity: 20,
      unit_price: 12.34,
      amount: 246.8,
      discount: 10,
      payable: 236.8,
      promotion: null,
      ephedrine: false,
    },
  ],
  payments: [{ channel: 'balance', amount: 236.8, refunded: 0, paid_at: '2026-11-28T02:31:10.000Z' }],
  shipments: [],
};

export const openOrderPage = openPage(openOrder).meta({
  example: { data: [exampleOrder], next_cursor: 'MjAyNi0xMS0yOFQwMjozMToxMC4wMDAwMDBafDEyMzQ' },
});

export const openOrderAck = openData(
  z.object({
    order_no: z.string(),
    /** When the first ack was recorded: every later ack answers the same. */
    acked_at: z.string(),
  }),
).meta({ example: { data: { order_no: 'YC202611281030001234', acked_at: '2026-11-28T02:35:00.000Z' } } });

/** At most this many lines, batches and trace codes in one shipment. */
export const OPEN_SHIPMENT_LIMITS = { lines: 500, batches: 50, codes: 10_000 } as const;

const shipmentLine = z.strictObject({
  line_id: z
    .number({ error: '请填写订单行编号 line_id' })
    .int({ error: '订单行编号有误' })
    .min(1, { error: '订单行编号有误' })
    .max(PG_INT_MAX, { error: '订单行编号有误' }),
  batches: z
    .array(
      z.strictObject({
        batch_no: singleLineText('批号', 40).min(1, { error: '请填写批号' }),
        quantity: z
          .number({ error: '请填写数量' })
          .int({ error: '数量须为整数' })
          .min(1, { error: '数量不能小于1' })
          .max(PG_INT_MAX, { error: '数量过大' }),
      }),
      { error: 'batches 须为数组' },
    )
    .min(1, { error: '请至少填写一个批次' })
    .max(OPEN_SHIPMENT_LIMITS.batches, { error: `最多${OPEN_SHIPMENT_LIMITS.batches}个批次` })
    .optional()
    .meta({
      description:
        'The batches the ERP shipped; they must be the ones first-expiry-first-out picks from in-date stock (else 422 naming them)',
    }),
  trace_codes: z
    .array(z.string().min(1, { error: '追溯码不能为空' }).max(40, { error: '追溯码格式有误' }), {
      error: 'trace_codes 须为数组',
    })
    .max(OPEN_SHIPMENT_LIMITS.codes, { error: `最多${OPEN_SHIPMENT_LIMITS.codes}个追溯码` })
    .optional()
    .meta({
      description: 'One 药品追溯码 per pack (20 digits); required for drugs when the site asks for them',
    }),
});

export const openShipmentBody = z
  .strictObject({
    carrier: singleLineText('物流公司', 30).min(1, { error: '请填写物流公司' }),
    tracking_no: z
      .string({ error: '请填写运单号' })
      .trim()
      .regex(/^[A-Za-z0-9-]{6,30}$/, { error: '请填写正确的运单号' }),
    lines: z
      .array(shipmentLine, { error: 'lines 须为数组' })
      .max(OPEN_SHIPMENT_LIMITS.lines, { error: `最多${OPEN_SHIPMENT_LIMITS.lines}行` })
      .optional(),
  })
  .meta({
    example: {
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
      lines: [
        {
          line_id: 9001,
          batches: [
            { batch_no: 'B2511', quantity: 12 },
            { batch_no: 'B2603', quantity: 8 },
          ],
          trace_codes: ['81234567890123456789'],
        },
      ],
    },
  });
export type OpenShipmentBody = z.infer<typeof openShipmentBody>;

export const openShipmentResult = openData(
  z.object({
    shipment_id: z.number().int(),
    order_no: z.string(),
    status: z.enum(ORDER_STATUSES),
    lines: z.array(
      z.object({
        line_id: z.number().int(),
        batches: z.array(
          z.object({ batch_no: z.string(), expires_on: z.string(), quantity: z.number().int() }),
        ),
        trace_codes: z.number().int(),
      }),
    ),
  }),
).meta({
  example: {
    data: {
      shipment_id: 77,
      order_no: 'YC202611281030001234',
      status: 'shipped',
      lines: [
        {
          line_id: 9001,
          batches: [
            { batch_no: 'B2511', expires_on: '2027-11-30', quantity: 12 },
            { batch_no: 'B2603', expires_on: '2028-03-31', quantity: 8 },
          ],
          trace_codes: 20,
        },
      ],
    },
  },
});
