import { z } from 'zod';
import type { PermissionCode } from '../operator/permissions';
import { recordId, singleLineText } from './input';

// The open API for the wholesaler's ERP (/api/open/v1): bearer keys with scopes, created and
// revoked in the console (系统 → 开放接口). Its bodies are JSON with snake_case names; a success
// is `{ data }` (a list adds `next_cursor`), an error `{ error: { code, message, fields? } }`.

/** What a key may touch, with the Chinese name the console shows. */
export const openScopes = [
  { code: 'goods', name: '商品' },
  { code: 'stock', name: '库存与批号' },
  { code: 'prices', name: '价格' },
  { code: 'orders', name: '订单' },
  { code: 'shipments', name: '发货' },
  { code: 'companies', name: '客户企业' },
  { code: 'webhooks', name: 'Webhook 订阅' },
] as const;
export type OpenScope = (typeof openScopes)[number]['code'];
export const openScopeCodes = openScopes.map((s) => s.code) as [OpenScope, ...OpenScope[]];
export const openScopeName = (code: string): string => openScopes.find((s) => s.code === code)?.name ?? code;

/**
 * The console permissions a scope stands for: an open API call acts through the same services as
 * the console, which check these.
 */
export const openScopePermissions: Record<OpenScope, readonly PermissionCode[]> = {
  goods: ['goods:read', 'goods:write'],
  stock: ['goods:read', 'stock:write', 'batches:write'],
  prices: ['goods:read', 'prices:write'],
  orders: ['orders:read'],
  shipments: ['orders:read', 'orders:ship'],
  companies: ['buyers:read', 'buyers:write'],
  webhooks: [],
};

/** The stable error codes of the open API, one per kind of refusal (documented in its OpenAPI). */
export const openErrorCodes = {
  bad_request: '请求有误',
  unauthorized: '接口密钥无效或已吊销',
  forbidden: '接口密钥没有这项权限',
  not_found: '数据不存在',
  conflict: '与现有数据冲突',
  idempotency_conflict: '同一个 Idempotency-Key 用于了不同的请求',
  payload_too_large: '提交的数据过大',
  unsupported_media_type: '只接受 JSON 请求体',
  invalid_request: '提交的数据有误',
  rate_limited: '调用过于频繁',
  unavailable: '服务暂时不可用',
  server_error: '服务器繁忙',
} as const;
export type OpenErrorCode = keyof typeof openErrorCodes;

export const openErrorBody = z.object({
  error: z.object({
    code: z.enum(Object.keys(openErrorCodes) as [OpenErrorCode, ...OpenErrorCode[]]),
    message: z.string(),
    /** Field messages of a 422, by dotted path (`items.3.name`). */
    fields: z.record(z.string(), z.array(z.string())).optional(),
  }),
});
export type OpenErrorBody = z.infer<typeof openErrorBody>;

/** A success body of the open API. */
export const openData = <T extends z.ZodType>(data: T) => z.object({ data });
/** A page of a list: `next_cursor` is null on the last page. */
export const openPage = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), next_cursor: z.string().nullable() });

/** The longest Idempotency-Key accepted (UUIDs and ERP document numbers fit). */
export const IDEMPOTENCY_KEY_MAX = 100;

// ---- The console's screen 系统 → 开放接口 ----

export const openKeyCreateBody = z.strictObject({
  name: singleLineText('名称', 40).min(1, { error: '请填写名称' }),
  scopes: z
    .array(z.enum(openScopeCodes, { error: '没有这种权限范围' }))
    .min(1, { error: '请至少选择一项权限范围' })
    .max(openScopeCodes.length)
    .refine((list) => new Set(list).size === list.length, { error: '权限范围不能重复' }),
  /** Calls per minute this key may make (per-key limit). */
  // The console sends its forms form-encoded: the number arrives as text.
  rate_limit_per_minute: z.coerce
    .number({ error: '请填写每分钟调用上限' })
    .int({ error: '每分钟调用上限须为整数' })
    .min(10, { error: '每分钟调用上限至少为 10' })
    .max(6000, { error: '每分钟调用上限最多为 6000' })
    .default(600),
});
export type OpenKeyCreateBody = z.infer<typeof openKeyCreateBody>;

export const openKeyParams = z.strictObject({ id: recordId() });

export const openKeyView = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to tell keys apart (the secret is shown once only). */
  prefix: z.string(),
  scopes: z.array(z.enum(openScopeCodes)),
  rate_limit_per_minute: z.number().int(),
  created_by: z.string(),
  created_at: z.number().int(),
  last_used_at: z.number().int().nullable(),
  revoked_at: z.number().int().nullable(),
});
export type OpenKeyView = z.infer<typeof openKeyView>;

/** The answer of a creation: the key itself, shown this once. */
export const openKeyCreated = openKeyView.extend({ key: z.string() });
export type OpenKeyCreated = z.infer<typeof openKeyCreated>;
