import { addDays, beijingToday } from '@yaocai/domain';
import { and, eq, sql } from 'drizzle-orm';
import qs from 'qs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerCookie,
  createBuyer,
  createCoupon,
  createGoods,
  makeWarehouse,
  operatorCookie,
  unpaidOrder,
} from '../../../test/factories';
import { createTestApp, type TestContext, testDbKind } from '../../../test/helpers';
import {
  auditLog,
  lotteryDraws,
  lotteryPrizes,
  moneyLog,
  pointsLog,
  userCoupons,
  users,
} from '../../db/schema';

let ctx: TestContext;
let op: string;
let warehouseId: number;
beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  op = (await operatorCookie(ctx.app, 'operations')).cookie;
  warehouseId = (await makeWarehouse(ctx.app.db)).id;
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });
const today = () => beijingToday(new Date());

const prize = (o: object) => ({ name: '谢谢参与', kind: 'none', weight: 1, ...o });
async function lottery(body: object) {
  const res = await send('POST', '/api/admin/lotteries', op, {
    name: '双十二幸运大转盘',
    remarks: '活动期间每天可抽奖一次',
    entry_rule: 'daily',
    starts_on: addDays(today(), -1),
    ends_on: addDays(today(), 7),
    prizes: [prize({})],
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; prizes: { id: number; won: number; stock: number | null }[] };
}
async function store(points = 0, balanceFen = 0, address = true) {
  const b = await createBuyer(ctx.app.db, { points, balanceFen, address });
  return { ...b, cookie: await buyerCookie(ctx.app, b.user.id) };
}

describe('lottery (抽奖)', () => {
  it('one free draw a day: the banner state, the draw, the prize given, the record; a second draw is refused', async () => {
    const l = await lottery({
      prizes: [
        prize({ name: '50积分', remarks: '可抵扣货款', kind: 'points', amount: 50, weight: 1, stock: 100 }),
      ],
    });
    const s = await store();
    expect((await send('GET', '/api/draw/simple', s.cookie)).json().data).toEqual({
      id: expect.any(Number),
      is_join: 0,
    });
    const activity = (await send('GET', `/api/draw/${l.id}/activity`, s.cookie)).json().data;
    expect(activity).toMatchObject({
      chances: 1,
      rule_text: '每个门店每天可免费抽奖一次',
      prizes: [{ name: '50积分', kind_name: '积分' }],
    });

    const won = await send('POST', '/api/draw', s.cookie, { id: l.id });
    expect(won.statusCode, won.body).toBe(200);
    expect(won.json().data).toMatchObject({
      name: '50积分',
      remarks: '可抵扣货款',
      kind: 'points',
      chances: 0,
    });
    const [u] = await ctx.app.db.select({ points: users.points }).from(users).where(eq(users.id, s.user.id));
    expect(u.points).toBe(50);
    const [log] = await ctx.app.db.select().from(pointsLog).where(eq(pointsLog.userId, s.user.id));
    expect(log).toMatchObject({ change: 50, balanceAfter: 50, reason: '抽奖奖品：50积分' });

    const again = await send('POST', '/api/draw', s.cookie, { id: l.id });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('今天已经抽过奖了，明天再来吧');
    expect((await send('GET', `/api/draw/simple`, s.cookie)).json().data.is_join).toBe(1);
    const record = (await send('GET', '/api/draw/record', s.cookie)).json().data;
    expect(record.list[0]).toMatchObject({
      lottery_name: '双十二幸运大转盘',
      name: '50积分',
      status_name: '已发放',
    });
    const winners = (await send('GET', `/api/draw/new_record?id=${l.id}`, '')).json().data;
    expect(winners[0]).toMatchObject({ name: '50积分', store: expect.stringMatching(/\*\*\*$/) });
  });

  it('gives coupons, wallet money and goods to ship; an empty prize pool gives 谢谢参与', async () => {
    const coupon = (await createCoupon(ctx.app.db, [], { name: '满200减20' })).coupon;
    const g = await createGoods(ctx.app.db, { warehouseId, name: '电子血压计' });
    // A store without an address: its goods prize waits for the operator.
    const s = await store(0, 0, false);
    const cases = [
      [{ kind: 'coupon', name: '满200减20券', coupon_id: coupon.id }, 'coupon'],
      [{ kind: 'wallet', name: '5元余额', amount: 500 }, 'wallet'],
      [{ kind: 'goods', name: '电子血压计', goods_id: g.id, stock: 1 }, 'goods'],
    ] as const;
    for (const [p, kind] of cases) {
      const l = await lottery({ prizes: [prize(p)] });
      const r = await send('POST', '/api/draw', s.cookie, { id: l.id });
      expect(r.json().data.kind, r.body).toBe(kind);
    }
    expect(await ctx.app.db.select().from(userCoupons).where(eq(userCoupons.userId, s.user.id))).toHaveLength(
      1,
    );
    const [money] = await ctx.app.db.select().from(moneyLog).where(eq(moneyLog.userId, s.user.id));
    expect(money).toMatchObject({ changeFen: 500, note: '抽奖奖品：5元余额' });
    const [toShip] = await ctx.app.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.userId, s.user.id), eq(lotteryDraws.prizeKind, 'goods')));
    expect(toShip.status).toBe('to_ship');

    // The goods had stock 1: the next store gets 谢谢参与 (the only prize is out).
    const goodsLottery = (await send('GET', '/api/admin/lotteries', op))
      .json()
      .data.find((x: { prizes: { kind: string }[] }) => x.prizes[0]?.kind === 'goods');
    expect(goodsLottery.prizes[0]).toMatchObject({ stock: 0, won: 1 });
    const other = await store();
    expect(
      (await send('POST', '/api/draw', other.cookie, { id: goodsLottery.id })).json().data,
    ).toMatchObject({
      name: '谢谢参与',
      kind: 'none',
    });

    // The operator ships the goods prize once.
    const draws = (
      await send('GET', `/api/admin/lotteries/${goodsLottery.id}/draws?status=to_ship`, op)
    ).json().data;
    expect(draws.list[0]).toMatchObject({ phone: s.user.phone, name: '电子血压计' });
    expect((await send('POST', `/api/admin/lottery-draws/${toShip.id}/ship`, op)).statusCode).toBe(200);
    expect((await send('POST', `/api/admin/lottery-draws/${toShip.id}/ship`, op)).statusCode).toBe(409);
    const [row] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, 'lottery.ship_prize'));
    expect(row.targetId).toBe(String(toShip.id));
  });

  it('a won goods ships as a free order to the store’s address at once', async () => {
    const g = await createGoods(ctx.app.db, { warehouseId, name: '医用外科口罩', stock: 5 });
    const l = await lottery({
      prizes: [prize({ kind: 'goods', name: '医用外科口罩', remarks: '随单发货', goods_id: g.id, stock: 3 })],
    });
    const s = await store();
    const won = (await send('POST', '/api/draw', s.cookie, { id: l.id })).json().data;
    expect(won).toMatchObject({ kind: 'goods', name: '医用外科口罩' });
    const record = (await send('GET', '/api/draw/record', s.cookie)).json().data.list[0];
    expect(record).toMatchObject({ status: 'ordered', status_name: '已生成订单' });
    const order = (await send('GET', `/api/order/detail/${record.order_id}`, s.cookie)).json().data;
    expect(order).toMatchObject({ status: 'awaiting_shipment', payment_label: '抽奖奖品', total: 0 });
    expect(order.lines[0]).toMatchObject({ name: '医用外科口罩', quantity: 1 });
  });

  it('per paid order and for points: no entry without an order or with too few points', async () => {
    const perOrder = await lottery({ entry_rule: 'order', prizes: [prize({})] });
    const buyer = await unpaidOrder(ctx.app, warehouseId, { buyer: { balanceFen: 10_000_000 } });
    const none = await send('POST', '/api/draw', buyer.cookie, { id: perOrder.id });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('暂无抽奖机会：活动期间每支付一笔订单可抽奖一次');
    await send('POST', '/api/pay/balance', buyer.cookie, { order_id: buyer.orderId });
    expect((await send('POST', '/api/draw', buyer.cookie, { id: perOrder.id })).statusCode).toBe(200);
    expect((await send('POST', '/api/draw', buyer.cookie, { id: perOrder.id })).statusCode).toBe(422);

    const paid = await lottery({ entry_rule: 'points', points_cost: 30, prizes: [prize({})] });
    const poor = await store(20);
    const refused = await send('POST', '/api/draw', poor.cookie, { id: paid.id });
    expect(refused.json().message).toBe('积分不足，每次抽奖需30积分');
    const rich = await store(70);
    expect((await send('POST', '/api/draw', rich.cookie, { id: paid.id })).json().data.chances).toBe(1);
    const [u] = await ctx.app.db
      .select({ points: users.points })
      .from(users)
      .where(eq(users.id, rich.user.id));
    expect(u.points).toBe(40);
  });

  it('refuses visitors, a GET draw, ended lotteries and bad console input in Chinese', async () => {
    const l = await lottery({});
    expect((await send('GET', '/api/draw/simple', '')).json().data.is_join).toBe(1);
    expect((await send('POST', '/api/draw', '', { id: l.id })).statusCode).toBe(401);
    const get = await send('GET', `/api/draw?id=${l.id}`, '');
    expect(get.statusCode).toBe(405);
    const s = await store();
    expect((await send('POST', '/api/draw', s.cookie, { id: 99999999 })).statusCode).toBe(404);
    const ended = await lottery({ starts_on: addDays(today(), -10), ends_on: addDays(today(), -2) });
    expect((await send('POST', '/api/draw', s.cookie, { id: ended.id })).json().message).toBe(
      '抽奖活动已结束',
    );

    const bad = await send('POST', '/api/admin/lotteries', op, {
      name: '',
      entry_rule: 'points',
      points_cost: 0,
      starts_on: today(),
      ends_on: addDays(today(), -1),
      prizes: [{ name: '券', kind: 'coupon', weight: 0 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().data.errors).toMatchObject({
      name: ['请填写活动名称'],
      ends_on: ['结束日期不能早于开始日期'],
      points_cost: ['消耗积分的抽奖须设置每次消耗积分'],
      'prizes.0.coupon_id': ['请选择优惠券'],
    });
    const service = (await operatorCookie(ctx.app, 'service')).cookie;
    expect((await send('GET', '/api/admin/lotteries', service)).statusCode).toBe(403);
  });
});

describe('the console form', () => {
  it('takes the form encoding the console sends: an empty stock is unlimited, booleans as text', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/admin/lotteries',
      headers: { cookie: op, 'content-type': 'application/x-www-form-urlencoded' },
      payload: qs.stringify(
        {
          name: '新春抽奖',
          entry_rule: 'daily',
          starts_on: today(),
          ends_on: addDays(today(), 3),
          is_active: true,
          prizes: [{ name: '谢谢参与', kind: 'none', weight: 1, stock: null }],
        },
        { arrayFormat: 'indices' },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ is_active: true, prizes: [{ stock: null, weight: 1 }] });
  });
});

describe.skipIf(testDbKind !== 'postgres')('lottery races on PostgreSQL', () => {
  it('300 concurrent draws against a prize with stock 10 win it exactly 10 times', async () => {
    const l = await lottery({
      entry_rule: 'points',
      points_cost: 1,
      prizes: [
        prize({ name: '电子体温计', kind: 'points', amount: 1, weight: 1000, stock: 10 }),
        prize({ weight: 1 }),
      ],
    });
    const stores = await Promise.all(Array.from({ length: 30 }, () => store(10)));
    const results = await Promise.all(
      stores.flatMap((s) =>
        Array.from({ length: 10 }, () => send('POST', '/api/draw', s.cookie, { id: l.id })),
      ),
    );
    expect(results.map((r) => r.statusCode).filter((c) => c !== 200)).toEqual([]);
    const won = results.filter((r) => r.json().data.name === '电子体温计');
    expect(won).toHaveLength(10);
    const [p] = await ctx.app.db.select().from(lotteryPrizes).where(eq(lotteryPrizes.id, l.prizes[0].id));
    expect(p.stock).toBe(0);
    // Every store spent its 10 opening points on 10 draws: the opening balance plus the ledger
    // is the balance, never below zero.
    const sums = await ctx.app.db.execute(
      sql`select u.id, u.points, coalesce(sum(p.change), 0)::int as ledger from users u left join points_log p on p.user_id = u.id where u.id in (${sql.join(
        stores.map((s) => sql`${s.user.id}`),
        sql`, `,
      )}) group by u.id, u.points`,
    );
    const rows = (sums as unknown as { rows: { points: number; ledger: number }[] }).rows;
    expect(rows).toHaveLength(30);
    for (const row of rows) {
      expect(10 + row.ledger).toBe(row.points);
      expect(row.points).toBeGreaterThanOrEqual(0);
    }
    expect(rows.reduce((s, r) => s + r.points, 0)).toBe(10);
  });

  it('a store with one entry left drawing from two tabs at once draws once', async () => {
    const l = await lottery({ prizes: [prize({})] });
    const s = await store();
    const both = await Promise.all([1, 2].map(() => send('POST', '/api/draw', s.cookie, { id: l.id })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const draws = await ctx.app.db
      .select()
      .from(lotteryDraws)
      .where(and(eq(lotteryDraws.lotteryId, l.id), eq(lotteryDraws.userId, s.user.id)));
    expect(draws).toHaveLength(1);
  });
});
