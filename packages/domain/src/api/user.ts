import { z } from 'zod';

/** GET /api/user/base — the user state of spec section 3, every field with a real value. */
export const userBase = z.object({
  /** Whether the header may render (always true once the call answered). */
  show: z.boolean(),
  /** false for visitors: the other fields are then empty defaults. */
  is_login: z.boolean(),
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  phone: z.string(),
  company: z.string(),
  store_name: z.string(),
  face: z.string(),
  rank: z.string(),
  /** Assigned customer-service contact; is_default 1 when it is the platform's default. */
  admin: z.object({ name: z.string(), phone: z.string(), is_default: z.number().int() }).nullable(),
  address: z.string(),
  is_passed: z.boolean(),
  /** pending | approved | rejected */
  qualification_status: z.string(),
  contract_signed: z.boolean(),
  points: z.number().int(),
  cart: z.object({ count: z.number().int() }),
  message_count: z.number().int(),
  wechat: z.string(),
  common_config: z.object({
    hot_line: z.string(),
    complaint_line: z.string(),
    qq1: z.object({ name: z.string(), number: z.string() }),
    qq2: z.object({ name: z.string(), number: z.string() }),
  }),
  quality_inspection: z.object({ quality_inspection_url: z.string(), msg: z.string() }),
  login_url: z.string(),
  is_show_youx: z.boolean(),
  is_special: z.boolean(),
  is_can_chat: z.boolean(),
  token: z.string(),
  is_AfterSale: z.boolean(),
  /** Other stores of the same company (multi-store), for cart copy and store switch. */
  stores: z.array(z.object({ id: z.number().int(), store_name: z.string(), is_current: z.boolean() })),
});
export type UserBase = z.infer<typeof userBase>;
