import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  key,
  makeWarehouse,
  operatorCookie,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { goodsBatches, goodsStock } from '../../db/schema';

// Stock and batches agree (catalog/README.md): per goods and warehouse, sellable stock plus the
// units held by orders not yet shipped equals the sum of the batch quantities. Checked over the
// demo database as loaded, and after every stock path a day in the warehouse runs.

let ctx: TestContext;
let op: string;
beforeAll(async () => {
  ctx = await createTestApp();
  ({ cookie: op } = await operatorCookie(ctx.app));
});
afterAll(() => ctx.close());

const send = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: { cookie } });
const mismatches = async () => {
  const res = await send('GET', '/api/admin/stock-check', op);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { goods_id: number; warehouse_id: number }[];
};

describe('stock agrees with batches', () => {
  it('holds over the demo data as loaded, shipped, paid and unpaid orders included', async () => {
    expect(await mismatches()).toEqual([]);
    // The demo's shipped orders took units from the batches of goods 1 to 3: stock followed.
    const [shipped] = (await ctx.app.db.execute(sql`select count(*)::int as n from order_line_batches`))
      .rows as { n: number }[];
    expect(shipped.n).toBeGreaterThan(0);
  });

  it('names each goods whose stock drifted from its batches, with the numbers', async () => {
    const [row] = await ctx.app.db
      .select()
      .from(goodsStock)
      .where(and(eq(goodsStock.goodsId, 1), eq(goodsStock.warehouseId, 1)));
    await ctx.app.db
      .update(goodsStock)
      .set({ quantity: row.quantity + 7 })
      .where(and(eq(goodsStock.goodsId, 1), eq(goodsStock.warehouseId, 1)));
    try {
      expect(await mismatches()).toEqual([
        {
          goods_id: 1,
          goods_name: expect.any(String),
          spec: expect.any(String),
          warehouse_id: 1,
          warehouse: '主仓（杭州）',
          stock: row.quantity + 7,
          held: 0,
          batch_total: row.quantity,
          difference: -7,
        },
      ]);
    } finally {
      await ctx.app.db
        .update(goodsStock)
        .set({ quantity: row.quantity })
        .where(and(eq(goodsStock.goodsId, 1), eq(goodsStock.warehouseId, 1)));
    }
    // A batch without any stock row shows too.
    const w = await makeWarehouse(ctx.app.db);
    const [batch] = await ctx.app.db
      .insert(goodsBatches)
      .values({
        goodsId: 2,
        warehouseId: w.id,
        batchNo: 'LOST1',
        producedOn: '2025-01-01',
        expiresOn: '2028-01-01',
        quantity: 3,
      })
      .returning();
    expect(await mismatches()).toEqual([
      expect.objectContaining({
        goods_id: 2,
        warehouse_id: w.id,
        stock: 0,
        held: 0,
        batch_total: 3,
        difference: 3,
      }),
    ]);
    await ctx.app.db.delete(goodsBatches).where(eq(goodsBatches.id, batch.id));
    expect(await mismatches()).toEqual([]);
  });

  it('holds through ordering, cancelling, shipping and batch corrections', async () => {
    const w = await makeWarehouse(ctx.app.db);
    const b = await createBuyer(ctx.app.db, { balanceFen: 10_000_000 });
    const cookie = await buyerCookie(ctx.app, b.user.id);
    const g = await createGoods(ctx.app.db, { warehouseId: w.id, stock: 50 });
    const order = async (quantity: number) => {
      const line = await addCartLine(ctx.app.db, b.user.id, g.id, w.id, quantity);
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/order/create',
        payload: { ids: [line.id] },
        headers: { cookie, 'idempotency-key': key() },
      });
      expect(created.statusCode, created.body).toBe(201);
      return created.json().data.id as number;
    };
    const kept = await order(5);
    const dropped = await order(4);
    expect(await mismatches()).toEqual([]);
    expect((await send('POST', `/api/order/${dropped}/cancel`, cookie, {})).statusCode).toBe(200);
    expect((await send('POST', '/api/pay/balance', cookie, { order_id: kept })).statusCode).toBe(200);
    expect(await mismatches()).toEqual([]);
    const shipped = await send('POST', `/api/admin/orders/${kept}/ship`, op, {
      carrier: '顺丰速运',
      tracking_no: 'SF7770001',
    });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await mismatches()).toEqual([]);
    const [batch] = await ctx.app.db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, g.id));
    expect(batch.quantity).toBe(45);
    const counted = await send('POST', `/api/admin/goods/${g.id}/batches/${batch.id}`, op, { quantity: 40 });
    expect(counted.statusCode, counted.body).toBe(200);
    const added = await send('POST', `/api/admin/goods/${g.id}/batches`, op, {
      warehouse_id: w.id,
      batch_no: 'N2801',
      produced_on: '2025-06-01',
      expires_on: '2028-01-31',
      quantity: 12,
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(await mismatches()).toEqual([]);
  });

  it('is for operators who may see goods', async () => {
    const service = await operatorCookie(ctx.app, 'service');
    expect((await send('GET', '/api/admin/stock-check', service.cookie)).statusCode).toBe(403);
    const quality = await operatorCookie(ctx.app, 'quality');
    expect((await send('GET', '/api/admin/stock-check', quality.cookie)).statusCode).toBe(200);
  });
});
