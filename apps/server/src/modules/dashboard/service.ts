import {
  addDays,
  beijingStartOf,
  beijingToday,
  type DashboardView,
  holdsPermission,
  LICENCE_EXPIRING_DAYS,
  type PermissionCode,
  toYuan,
} from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import type { OperatorCtx } from '../../lib/context';
import { expiringLicenceCompaniesCount } from '../account/buyers-admin';

const DAYS = 30;

/** The Beijing calendar date of a timestamptz column, in SQL (UTC+8, no daylight saving). */
const beijingDay = (column: string) =>
  sql.raw(`to_char((${column} at time zone 'UTC') + interval '8 hours', 'YYYY-MM-DD')`);

const rowsOf = async <T>(ctx: OperatorCtx, query: ReturnType<typeof sql>) =>
  (await ctx.db.execute(query)).rows as T[];

interface DayRow {
  day: string;
  orders: number;
  sales_fen: string | number;
}

/**
 * Sales: orders count on the Beijing day they were paid (credit, wallet or online); takings are
 * what they paid less what has been refunded on them. Unpaid and cancelled-before-payment
 * orders never count.
 */
async function salesOf(ctx: OperatorCtx, today: string) {
  const first = addDays(today, -(DAYS - 1));
  const [days, top] = await Promise.all([
    rowsOf<DayRow>(
      ctx,
      sql`select ${beijingDay('paid_at')} as day, count(*)::int as orders,
            coalesce(sum(paid_fen - refunded_fen), 0) as sales_fen
          from orders
          where paid_at >= ${beijingStartOf(first).toISOString()}::timestamptz
          group by 1`,
    ),
    rowsOf<{ goods_id: number; name: string; spec: string; quantity: number; sales_fen: string | number }>(
      ctx,
      sql`select l.goods_id, min(l.goods_name) as name, min(l.spec) as spec,
            sum(l.quantity)::int as quantity, sum(l.payable_fen) as sales_fen
          from order_lines l
          join orders o on o.id = l.order_id
          where o.paid_at >= ${beijingStartOf(first).toISOString()}::timestamptz
            and o.status <> 'refunded' and l.kind = 'goods'
          group by l.goods_id
          order by sum(l.payable_fen) desc, l.goods_id
          limit 10`,
    ),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const daily = Array.from({ length: DAYS }, (_, i) => {
    const date = addDays(first, i);
    const row = byDay.get(date);
    return { date, orders: row?.orders ?? 0, salesFen: Number(row?.sales_fen ?? 0) };
  });
  const figures = (list: typeof daily) => {
    const orders = list.reduce((n, d) => n + d.orders, 0);
    const fen = list.reduce((n, d) => n + d.salesFen, 0);
    return { orders, sales: toYuan(fen), average: orders ? toYuan(Math.round(fen / orders)) : 0 };
  };
  return {
    today: figures(daily.slice(-1)),
    last_30_days: figures(daily),
    daily: daily.map((d) => ({ date: d.date, orders: d.orders, sales: toYuan(d.salesFen) })),
    top_goods: top.map((g) => ({
      goods_id: g.goods_id,
      name: g.name,
      spec: g.spec,
      quantity: g.quantity,
      sales: toYuan(Number(g.sales_fen)),
    })),
  };
}

async function newBuyersOf(ctx: OperatorCtx, today: string) {
  const [row] = await rowsOf<{ today: number; last: number }>(
    ctx,
    sql`select count(*) filter (where created_at >= ${beijingStartOf(today).toISOString()}::timestamptz)::int as today,
          count(*)::int as last
        from companies
        where created_at >= ${beijingStartOf(addDays(today, -(DAYS - 1))).toISOString()}::timestamptz`,
  );
  return { today: row?.today ?? 0, last_30_days: row?.last ?? 0 };
}

/** Each to-do: its queue's permission, its count (the queue's own filter) and its screen. */
const todoQueries = (today: string) =>
  [
    {
      key: 'qualifications',
      label: '待审核资质',
      permission: 'buyers:review',
      path: '/qualifications',
      count: sql`select count(*)::int as n from companies where qualification_status = 'pending'`,
    },
    {
      key: 'shipping',
      label: '待发货订单',
      permission: 'orders:read',
      path: '/orders',
      count: sql`select count(*)::int as n from orders where status = 'awaiting_shipment'`,
    },
    {
      key: 'after_sales',
      label: '待处理售后',
      permission: 'after_sales:write',
      path: '/after-sales',
      count: sql`select count(*)::int as n from after_sales where status = 'pending'`,
    },
    {
      key: 'receipts',
      label: '待审含麻回执',
      permission: 'receipts:review',
      path: '/receipts',
      count: sql`select count(*)::int as n from orders where receipt_status = 'pending'`,
    },
    {
      key: 'expiring_licences',
      label: `${LICENCE_EXPIRING_DAYS}天内到期资质`,
      permission: 'buyers:read',
      path: '/buyers?expiring=1',
      count: expiringLicenceCompaniesCount(today),
    },
    {
      key: 'item_requests',
      label: '待回复求购',
      permission: 'item_requests:write',
      path: '/item-requests',
      count: sql`select count(*)::int as n from item_requests where status = 'pending'`,
    },
    {
      key: 'feedback',
      label: '待回复反馈',
      permission: 'feedback:write',
      path: '/feedback',
      count: sql`select count(*)::int as n from feedback where status = 'pending'`,
    },
  ] as const satisfies readonly {
    key: DashboardView['todos'][number]['key'];
    label: string;
    permission: PermissionCode;
    path: string;
    count: ReturnType<typeof sql>;
  }[];

export async function dashboard(ctx: OperatorCtx): Promise<DashboardView> {
  const today = beijingToday(ctx.now);
  const held = ctx.actor.permissions;
  const todos = todoQueries(today).filter((t) => holdsPermission(held, t.permission));
  const [sales, newBuyers, counts] = await Promise.all([
    holdsPermission(held, 'orders:read') ? salesOf(ctx, today) : null,
    holdsPermission(held, 'buyers:read') ? newBuyersOf(ctx, today) : null,
    Promise.all(todos.map((t) => rowsOf<{ n: number }>(ctx, t.count).then(([r]) => r?.n ?? 0))),
  ]);
  return {
    today,
    sales,
    new_buyers: newBuyers,
    todos: todos.map((t, i) => ({ key: t.key, label: t.label, count: counts[i], path: t.path })),
  };
}
