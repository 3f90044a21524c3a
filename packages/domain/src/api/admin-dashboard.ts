import { z } from 'zod';

// Console dashboard (GET /api/admin/dashboard, 工作台): today and the last 30 days, and the
// to-do counts that link to their queues. Each part is present only for an operator who holds
// the permission of the screen behind it (null otherwise): figures and chart need orders:read,
// new buyers buyers:read, each to-do its queue's permission.

/** Sales figures of a Beijing-calendar period: paid orders (by payment time) and their takings. */
export const salesFigures = z.object({
  /** Orders paid in the period (credit, wallet or online). */
  orders: z.number().int(),
  /** What those orders paid, less what has been refunded on them (yuan). */
  sales: z.number(),
  /** Average paid per order (yuan, 0 without orders). */
  average: z.number(),
});

export const dashboardDay = z.object({
  date: z.string(),
  orders: z.number().int(),
  sales: z.number(),
});

export const dashboardTopGoods = z.object({
  goods_id: z.number().int(),
  name: z.string(),
  spec: z.string(),
  quantity: z.number().int(),
  sales: z.number(),
});

export const dashboardTodoKeys = [
  'qualifications',
  'shipping',
  'after_sales',
  'receipts',
  'expiring_licences',
  'item_requests',
  'feedback',
] as const;
export type DashboardTodoKey = (typeof dashboardTodoKeys)[number];

export const dashboardTodo = z.object({
  key: z.enum(dashboardTodoKeys),
  label: z.string(),
  count: z.number().int(),
  /** The console screen that works the queue. */
  path: z.string(),
});

export const dashboardView = z.object({
  /** Beijing date the figures are for. */
  today: z.string(),
  sales: z
    .object({
      today: salesFigures,
      last_30_days: salesFigures,
      /** One entry per day, oldest first, the 30 days ending today (days without orders: 0). */
      daily: z.array(dashboardDay),
      /** Best-selling goods of the last 30 days by takings. */
      top_goods: z.array(dashboardTopGoods),
    })
    .nullable(),
  new_buyers: z.object({ today: z.number().int(), last_30_days: z.number().int() }).nullable(),
  todos: z.array(dashboardTodo),
});
export type DashboardView = z.infer<typeof dashboardView>;
