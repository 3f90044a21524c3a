import { z } from 'zod';
import { formBoolean, pageNumber, recordId, singleLineText } from './input';

// Webhooks of the open API: the ERP subscribes a URL to events; each event is POSTed to it,
// signed with the subscription's secret, at least once, retried with backoff for 24 hours.
// Managed in the console (系统 → Webhook) and through /api/open/v1/webhooks (scope `webhooks`).

/** Every event type, with the name the console shows. */
export const webhookEventTypes = {
  'order.paid': '订单已支付',
  'order.cancelled': '订单已取消',
  'order.received': '订单已收货',
  'after_sale.approved': '售后已同意',
  'refund.succeeded': '退款成功',
  'company.approved': '企业资质审核通过',
  'licence.expiring': '资质证件即将到期',
} as const;
export type WebhookEventType = keyof typeof webhookEventTypes;
export const webhookEventTypeCodes = Object.keys(webhookEventTypes) as [
  WebhookEventType,
  ...WebhookEventType[],
];

/** Where one delivery (an event to one subscription) stands. */
export const webhookDeliveryStates = {
  pending: '待投递',
  delivered: '已送达',
  failed: '已放弃',
} as const;
export type WebhookDeliveryState = keyof typeof webhookDeliveryStates;
export const webhookDeliveryStateCodes = Object.keys(webhookDeliveryStates) as [
  WebhookDeliveryState,
  ...WebhookDeliveryState[],
];

/** The most subscriptions at once (each is a fan-out of every event it names). */
export const MAX_WEBHOOK_SUBSCRIPTIONS = 20;
export const WEBHOOK_URL_MAX = 500;

/**
 * A subscription's URL as typed: http(s), no credentials, no fragment. Which hosts are allowed
 * (never link-local 169.254.x; private addresses and plain http only outside production) is the
 * server's check, which knows where it runs.
 */
export const webhookUrl = z
  .string({ error: '请填写接收地址' })
  .trim()
  .min(1, { error: '请填写接收地址' })
  .max(WEBHOOK_URL_MAX, { error: `接收地址最多${WEBHOOK_URL_MAX}个字符` })
  .refine(
    (value) => {
      try {
        const url = new URL(value);
        return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
      } catch {
        return false;
      }
    },
    { error: '接收地址须为 https:// 开头的完整网址', abort: true },
  )
  .refine(
    (value) => {
      const url = new URL(value);
      return url.username === '' && url.password === '' && url.hash === '';
    },
    { error: '接收地址不能包含用户名、密码或 # 片段' },
  );

export const webhookEvents = z
  .array(z.enum(webhookEventTypeCodes, { error: '没有这种事件' }), { error: '请选择订阅的事件' })
  .min(1, { error: '请至少选择一种事件' })
  .max(webhookEventTypeCodes.length, { error: '事件不能重复' })
  .refine((list) => new Set(list).size === list.length, { error: '事件不能重复' });

export const webhookCreateBody = z
  .strictObject({
    url: webhookUrl,
    events: webhookEvents,
    /** What the subscription is for (the console shows it). */
    description: singleLineText('说明', 60).default(''),
    active: z.boolean({ error: '启用须为 true 或 false' }).default(true),
  })
  .meta({
    example: {
      url: 'https://erp.example.com/yaocai/webhook',
      events: ['order.paid', 'order.cancelled'],
      description: 'ERP 订单同步',
    },
  });
export type WebhookCreateBody = z.infer<typeof webhookCreateBody>;

export const webhookParams = z.strictObject({ id: recordId() });

/** The console's switch (its bodies are form-encoded: `active=true`). */
export const webhookActiveBody = z.strictObject({ active: formBoolean('启用须为 true 或 false') });

// ---- The console's screen 系统 → Webhook ----

export const webhookView = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(webhookEventTypeCodes)),
  description: z.string(),
  active: z.boolean(),
  /** The secret's first characters, to tell secrets apart (it is shown once only). */
  prefix: z.string(),
  /** Who made it: an operator, or 开放接口·<key name>. */
  created_by: z.string(),
  /** Milliseconds. */
  created_at: z.number().int(),
  /** Deliveries still pending and given up (failed), for the list. */
  pending: z.number().int(),
  failed: z.number().int(),
});
export type WebhookView = z.infer<typeof webhookView>;

export const webhookCreated = webhookView.extend({ secret: z.string() });
export type WebhookCreated = z.infer<typeof webhookCreated>;

export const webhookDeliveryQuery = z.object({
  state: z.enum(webhookDeliveryStateCodes, { error: '没有这种投递状态' }).optional(),
  page: pageNumber,
  page_size: z.coerce.number().int().min(1).max(100).default(20),
});
export type WebhookDeliveryQuery = z.input<typeof webhookDeliveryQuery>;

export const webhookDeliveryParams = z.strictObject({ id: recordId(), deliveryId: recordId() });

export const webhookDeliveryView = z.object({
  id: z.number().int(),
  event_id: z.string(),
  event_type: z.enum(webhookEventTypeCodes),
  state: z.enum(webhookDeliveryStateCodes),
  attempts: z.number().int(),
  last_status_code: z.number().int().nullable(),
  last_error: z.string().nullable(),
  /** The first bytes of the receiver's last answer. */
  last_response: z.string().nullable(),
  /** Milliseconds; null once delivered or given up. */
  next_attempt_at: z.number().int().nullable(),
  delivered_at: z.number().int().nullable(),
  created_at: z.number().int(),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryView>;

export const webhookDeliveryPage = z.object({
  list: z.array(webhookDeliveryView),
  total: z.number().int(),
  page: z.number().int(),
  page_size: z.number().int(),
});
export type WebhookDeliveryPage = z.infer<typeof webhookDeliveryPage>;

// ---- /api/open/v1/webhooks ----

export const openWebhook = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(webhookEventTypeCodes)),
    description: z.string(),
    active: z.boolean(),
    prefix: z.string(),
    /** ISO-8601 instant. */
    created_at: z.string(),
  })
  .meta({
    example: {
      id: 3,
      url: 'https://erp.example.com/yaocai/webhook',
      events: ['order.paid', 'order.cancelled'],
      description: 'ERP 订单同步',
      active: true,
      prefix: 'whsec_Ab3d',
      created_at: '2026-11-28T10:15:00.000+08:00',
    },
  });
export type OpenWebhook = z.infer<typeof openWebhook>;

export const openWebhookCreated = openWebhook.extend({ secret: z.string() }).meta({
  example: {
    id: 3,
    url: 'https://erp.example.com/yaocai/webhook',
    events: ['order.paid', 'order.cancelled'],
    description: 'ERP 订单同步',
    active: true,
    prefix: 'whsec_Ab3d',
    created_at: '2026-11-28T10:15:00.000+08:00',
    secret: 'whsec_Ab3dQ9x7V2mK8pL1nR4tY6uW0zE5cH3jF2gB7sD1aXo',
  },
});

/**
 * The body POSTed to a subscription: the event's id (the receiver dedupes on it: a delivery may
 * come more than once), its type, when it happened, and a small payload; the receiver fetches
 * the details (GET /orders).
 */
export const webhookEventBody = z
  .object({
    id: z.string(),
    type: z.enum(webhookEventTypeCodes),
    created_at: z.string(),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({
    example: {
      id: '7f0c2f0e-2b8e-4d47-9d35-3c1f6a0b9e21',
      type: 'order.paid',
      created_at: '2026-11-28T10:15:00.000+08:00',
      data: {
        order_id: 1024,
        order_no: 'YC20261128101500123',
        status: 'awaiting_shipment',
        company_id: 12,
        total: 1280.5,
        occurred_at: '2026-11-28T10:15:00.000+08:00',
      },
    },
  });
export type WebhookEventBody = z.infer<typeof webhookEventBody>;

/** What each event type's `data` holds (documented in the open API document). */
export const webhookPayloadFields: Record<WebhookEventType, string> = {
  'order.paid': 'order_id, order_no, status, company_id, total (yuan), payment_method, occurred_at',
  'order.cancelled':
    'order_id, order_no, status, company_id, total (yuan), reason (cancel | expire), occurred_at',
  'order.received': 'order_id, order_no, status, company_id, total (yuan), occurred_at',
  'after_sale.approved': 'order_id, order_no, status, company_id, total (yuan), occurred_at',
  'refund.succeeded':
    'order_id, order_no, company_id, amount (yuan), channel (balance | credit | online | transfer), refund_no, occurred_at',
  'company.approved': 'company_id, name, business_scope, occurred_at',
  'licence.expiring': 'company_id, licence_id, kind, number, expires_on (YYYY-MM-DD), days_left, occurred_at',
};
