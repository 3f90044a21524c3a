import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buyerCookie,
  createBuyer,
  key,
  makeBuyer,
  makeGoods,
  makeUser,
  makeWarehouse,
  setShipping,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import type { DbOrTx } from '../../db/client';
import { rawRowsNamed, statement } from '../../db/raw';
import { cartItems, orders } from '../../db/schema';
import { invalidateCartPromotions } from '../promotion/loaders';
import { cartLinesTakenCte } from './service';

/** What the cart module does for the order module: hand over lines, and the shipping gap. */
let ctx: TestContext;
let wh: { id: number };
let goodsId: number;
let priced: number;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  wh = await makeWarehouse(ctx.app.db);
  goodsId = (await makeGoods(ctx.app.db, { name: '阿莫西林胶囊', stock: { [wh.id]: 100 } })).id;
  priced = (await makeGoods(ctx.app.db, { name: '板蓝根颗粒', basePriceFen: 10000, stock: { [wh.id]: 100 } }))
    .id;
  // Free shipping from ¥800, else ¥15.
  await setShipping(ctx.app.db, 80000, 1500);
  invalidateCartPromotions();
});
afterAll(() => ctx.close());

async function lineOf(userId: number, isYj = 0) {
  const [row] = await ctx.app.db
    .insert(cartItems)
    .values({ userId, goodsId, warehouseId: wh.id, quantity: 1, isYj })
    .returning({ id: cartItems.id });
  return row.id;
}

/**
 * The order's creation statement (order/inserts.ts) embeds cartLinesTakenCte after its `created`
 * CTE; the same, with a `created` that inserted (one row) or did not (none).
 */
const takeStatement = (inserted: boolean) =>
  statement(
    `test_cart_taken_${inserted}`,
    sql`with created as (select 1 as id where ${sql.raw(String(inserted))}), ${cartLinesTakenCte('created')}
      select coalesce(array_agg(id order by id), '{}')::int[] as ids from cart_taken`,
  );
async function removeLines(tx: DbOrTx, userId: number, ids: number[], inserted = true) {
  const [row] = await rawRowsNamed<{ ids: number[] }>(tx, takeStatement(inserted), {
    cart_user: userId,
    cart_ids: ids,
  });
  return row.ids;
}

describe('cartLinesTakenCte (order creation takes the cart lines)', () => {
  it("removes only this store's lines and answers the ids it took", async () => {
    const { stores } = await makeBuyer(ctx.app.db, { stores: 2 });
    const [a, b] = [await lineOf(stores[0].id), await lineOf(stores[0].id, 1)];
    const sister = await lineOf(stores[1].id);
    const db = ctx.app.db;
    // An order that was not inserted (its key was used) takes nothing.
    expect(await db.transaction((tx) => removeLines(tx, stores[0].id, [a, b], false))).toEqual([]);
    const taken = await db.transaction((tx) => removeLines(tx, stores[0].id, [a, sister, 999_999]));
    expect(taken).toEqual([a]);
    const left = await db.select({ id: cartItems.id }).from(cartItems);
    expect(left.map((r) => r.id)).toEqual(expect.arrayContaining([b, sister]));
    expect(left.map((r) => r.id)).not.toContain(a);
    // Taken again (a second tab): nothing left to take.
    expect(await db.transaction((tx) => removeLines(tx, stores[0].id, [a]))).toEqual([]);
    const [still] = await db.select().from(cartItems).where(eq(cartItems.id, sister));
    expect(still.userId).toBe(stores[1].id);
  });

  it("the order module never touches the cart's table itself", () => {
    const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../order');
    const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    for (const file of sources) {
      expect(readFileSync(path.join(dir, file), 'utf8'), file).not.toMatch(/\bcartItems\b|cart_items/);
    }
  });
});

describe('no_trans_order_amount: paid, unshipped orders of the store count towards free shipping', () => {
  let seq = 0;
  async function pastOrder(userId: number, companyId: number, status: string, goodsFen: number) {
    await ctx.app.db.insert(orders).values({
      orderNo: `T${Date.now()}${seq++}`,
      userId,
      companyId,
      status,
      goodsFen,
      totalFen: goodsFen,
      paidFen: status === 'pending_payment' || status === 'cancelled' ? 0 : goodsFen,
      address: { consignee: '张三', phone: '13900000000', province: '', city: '', district: '', detail: '' },
      idempotencyKey: key(),
      expiresAt: new Date(Date.now() + 3600_000),
    });
  }
  const inject = (method: 'GET' | 'POST', url: string, cookie: string, payload?: object, headers = {}) =>
    ctx.app.inject({ method, url, payload, headers: { cookie, ...headers } });

  it('shrinks the gap by their goods amount in the cart, next_hint, checkout, verify and create', async () => {
    const db = ctx.app.db;
    const buyer = await createBuyer(db);
    const { id: me, companyId } = buyer.user;
    const sister = await makeUser(db, companyId);
    const stranger = await createBuyer(db);
    const cookie = await buyerCookie(ctx.app, me);
    const [line] = await db
      .insert(cartItems)
      .values({ userId: me, goodsId: priced, warehouseId: wh.id, quantity: 4 })
      .returning({ id: cartItems.id });

    // None of these count: not paid, cancelled, shipped or done, or another store's.
    await pastOrder(me, companyId, 'pending_payment', 30000);
    await pastOrder(me, companyId, 'cancelled', 30000);
    await pastOrder(me, companyId, 'shipped', 30000);
    await pastOrder(me, companyId, 'completed', 30000);
    await pastOrder(sister.id, companyId, 'awaiting_shipment', 30000);
    await pastOrder(stranger.user.id, stranger.company.id, 'awaiting_shipment', 30000);
    let state = (await inject('GET', '/api/cart/list', cookie)).json().data;
    // ¥400 selected of ¥800: ¥400 to go, ¥15 shipping.
    expect(state.shipping_data).toMatchObject({ shipping_amount: 800, no_trans_order_amount: 0, gap: 400 });
    expect(state.summary).toMatchObject({ free_shipping_gap: 400, fee_applies: true, shipping_fee: 15 });

    // A paid order of ¥300 waiting to ship: the gap shrinks by ¥300.
    await pastOrder(me, companyId, 'awaiting_shipment', 30000);
    state = (await inject('GET', '/api/cart/list', cookie)).json().data;
    expect(state.shipping_data).toMatchObject({ no_trans_order_amount: 300, gap: 100 });
    expect(state.summary).toMatchObject({ free_shipping_gap: 100, fee_applies: true });
    const hint = (await inject('POST', '/api/cart/next_hint', cookie, {})).json().data;
    expect(hint.hint.text).toBe('再买¥100.00即可包邮');

    // A paid ephedrine order waiting for its receipt review (¥100) closes the gap: no fee.
    await pastOrder(me, companyId, 'awaiting_receipt', 10000);
    state = (await inject('GET', '/api/cart/list', cookie)).json().data;
    expect(state.shipping_data).toMatchObject({ no_trans_order_amount: 400, gap: 0 });
    expect(state.summary).toMatchObject({ free_shipping_gap: 0, fee_applies: false, shipping_fee: 0 });
    const checkout = (await inject('POST', '/api/cart/checkout', cookie, { ids: [line.id] })).json().data;
    expect(checkout).toMatchObject({ shipping_fee: 0, order_amount: 400 });

    // The verify step and the created order agree with the cart: no shipping fee.
    const preview = (await inject('POST', '/api/order/preview', cookie, { ids: [line.id] })).json().data;
    expect(preview.amounts).toMatchObject({ goods: 400, shipping: 0, total: 400 });
    expect(preview.free_shipping_gap).toBe(0);
    const created = await inject(
      'POST',
      '/api/order/create',
      cookie,
      { ids: [line.id] },
      { 'idempotency-key': key() },
    );
    expect(created.statusCode).toBe(201);
    const [order] = await db.select().from(orders).where(eq(orders.id, created.json().data.id));
    expect(order).toMatchObject({ goodsFen: 40000, shippingFen: 0, totalFen: 40000 });

    // The sister store's cart counts only its own paid order (¥300).
    const sisterCookie = await buyerCookie(ctx.app, sister.id);
    await db
      .insert(cartItems)
      .values({ userId: sister.id, goodsId: priced, warehouseId: wh.id, quantity: 4 });
    state = (await inject('GET', '/api/cart/list', sisterCookie)).json().data;
    expect(state.shipping_data).toMatchObject({ no_trans_order_amount: 300, gap: 100 });
  });
});
