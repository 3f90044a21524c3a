import { z } from 'zod';
import { goodsSummary } from './catalog';
import { orderSummaryView } from './order';

// 会员中心 (/user, user_hyzx): the store's figures in one call, each the same number the page
// behind it shows (wallet, credit, coupons, points, orders by tab, favourites, messages).

export const qualificationStatusNames: Record<string, string> = {
  pending: '审核中',
  approved: '已认证',
  rejected: '未通过',
};

/** GET /api/user/center */
export const memberCentre = z.object({
  company: z.string(),
  store_name: z.string(),
  phone: z.string(),
  rank: z.string(),
  qualification: z.object({
    status: z.string(),
    status_name: z.string(),
    /** Earliest expiry among the company's approved licences (Beijing date); null if none. */
    expires_on: z.string().nullable(),
    /** Days from today (Beijing) to that date; negative once expired. */
    days_left: z.number().int().nullable(),
    /** The warning shown: expiring within 60, 30 or 7 days, or expired. */
    warning: z.string().nullable(),
  }),
  wallet: z.object({ balance: z.number(), credit_limit: z.number(), credit_available: z.number() }),
  coupons: z.object({ coupon: z.number().int(), cash: z.number().int() }),
  points: z.number().int(),
  orders: z.object({
    tabs: z.array(z.object({ key: z.string(), label: z.string(), count: z.number().int() })),
    recent: z.array(orderSummaryView),
  }),
  favourites: z.object({ total: z.number().int(), list: z.array(goodsSummary) }),
  messages: z.object({ unread: z.number().int() }),
});
export type MemberCentre = z.infer<typeof memberCentre>;

/** GET /api/user/stores: the stores of the signed-in store's company (多店管理 /ddgl). */
export const companyStore = z.object({
  id: z.number().int(),
  store_name: z.string(),
  phone: z.string(),
  contact: z.string(),
  is_current: z.boolean(),
  /** The store registered with the company (the others were added through 多店注册). */
  is_primary: z.boolean(),
  /** Its default delivery address, or '' when it has none. */
  address: z.string(),
  cart_lines: z.number().int(),
  orders: z.number().int(),
});
export type CompanyStore = z.infer<typeof companyStore>;
