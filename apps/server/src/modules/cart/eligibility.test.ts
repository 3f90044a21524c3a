import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  addCartLine,
  buyerCookie,
  createBuyer,
  createGoods,
  makeUser,
  makeWarehouse,
  setLicenceExpiry,
} from '../../../test/factories';
import { createTestApp, type TestContext } from '../../../test/helpers';
import { companies } from '../../db/schema';

// The eligibility rule (packages/domain/src/eligibility) at every door that carries a price or
// takes goods into a cart or an order.

let ctx: TestContext;
let warehouseId: number;
let inScope: { id: number };
let rx: { id: number };
let key = 0;

beforeAll(async () => {
  ctx = await createTestApp({ seed: false });
  const db = ctx.database.db;
  warehouseId = (await makeWarehouse(db)).id;
  // ¥5.60 a box: the figure the pending buyer's cart used to show.
  inScope = await createGoods(db, { warehouseId, name: '阿莫西林胶囊', priceFen: 560, scopeClass: 'kssz' });
  rx = await createGoods(db, { warehouseId, name: '心脏支架', priceFen: 980000, scopeClass: 'qx3' });
});
afterAll(() => ctx.close());
afterEach(() => {
  ctx.app.clock.now = () => new Date();
});

async function request(method: 'GET' | 'POST', url: string, cookie: string, payload?: object) {
  const headers: Record<string, string> = { cookie };
  if (url === '/api/order/create') headers['idempotency-key'] = `elig-key-${++key}-${process.pid}`;
  const res = await ctx.app.inject({ method, url, headers, payload });
  return { status: res.statusCode, body: res.json(), text: res.body };
}

async function buyer(o: Parameters<typeof createBuyer>[1] = {}) {
  const b = await createBuyer(ctx.database.db, { scope: ['fcfy', 'kssz'], ...o });
  return { ...b, cookie: await buyerCookie(ctx.app, b.user.id) };
}

/** The company's drug licence replaced by one valid until `expiresOn`. */
async function licenceUntil(companyId: number, expiresOn: string) {
  await setLicenceExpiry(ctx.database.db, companyId, 'drug_licence', expiresOn);
}

describe('a buyer whose qualifications are pending sees no price anywhere', () => {
  it('cart list and total, order preview, favourites, goods list and detail', async () => {
    const b = await buyer({ status: 'pending' });
    // A line from before the review was reopened: the cart keeps it, unpriced.
    const line = await addCartLine(ctx.database.db, b.user.id, inScope.id, warehouseId, 10);

    const cart = await request('GET', '/api/cart/list', b.cookie);
    expect(cart.status).toBe(200);
    expect(cart.body.data.price_visibility).toBe('pending');
    expect(cart.body.data.price_tip).toBe('资质审核通过后可见');
    expect(cart.body.data.data[0]).toMatchObject({ price: null, amount: null, subtotal: null });
    // The line's goods carries no price of its own (its list price is shown on goods pages only).
    expect(Object.keys(cart.body.data.data[0].goods)).not.toContain('base_price');
    expect(cart.body.data.summary).toMatchObject({ selected_total: null, payable: null });
    expect(cart.text).not.toMatch(/5\.6|56/);

    const total = await request('GET', '/api/cart/total', b.cookie);
    expect(total.body.data).toEqual({ total: 1 });

    const preview = await request('POST', '/api/order/preview', b.cookie, { ids: [line.id] });
    expect(preview.status).toBe(403);
    expect(preview.body.message).toBe('您的资质正在审核中，审核通过后才能采购');
    expect(preview.text).not.toMatch(/5\.6|56/);

    await request('POST', '/api/favorite', b.cookie, { goods_ids: [inScope.id] });
    const favourites = await request('GET', '/api/favorite', b.cookie);
    expect(favourites.body.data.list[0]).toMatchObject({
      id: inScope.id,
      base_price: null,
      price_tip: '资质审核通过后可见',
    });

    const list = await request('GET', '/api/goods/list?keywords=阿莫西林胶囊', b.cookie);
    expect(list.body.data.list.length).toBeGreaterThan(0);
    for (const g of list.body.data.list)
      expect(g).toMatchObject({ base_price: null, price_visibility: 'pending' });
    const detail = await request('GET', `/api/goods/detail/${inScope.id}`, b.cookie);
    expect(detail.body.data).toMatchObject({ base_price: null, price_tip: '资质审核通过后可见' });
  });

  it('cannot add to the cart', async () => {
    const b = await buyer({ status: 'pending' });
    const res = await request('POST', '/api/cart', b.cookie, {
      params: [{ goods_id: inScope.id, number: 1 }],
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('您的资质正在审核中，审核通过后才能采购');
  });
});

describe('a disabled account', () => {
  it('sees no price (账号已停用，请联系客服) and may not add', async () => {
    const b = await buyer();
    await ctx.database.db
      .update(companies)
      .set({ disabledAt: new Date() })
      .where(eq(companies.id, b.company.id));
    const detail = await request('GET', `/api/goods/detail/${inScope.id}`, b.cookie);
    expect(detail.body.data).toMatchObject({ base_price: null, price_tip: '账号已停用，请联系客服' });
    const res = await request('POST', `/api/cart/quick_add/${inScope.id}`, b.cookie);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('企业账户已停用，暂不能下单或付款，如有疑问请联系客服');
  });
});

describe('goods outside the business scope are refused when added', () => {
  const refusal =
    '「心脏支架」超出经营范围：需具备「三类医疗器械」经营范围，请上传载明该范围的「医疗机构执业许可证」或「医疗器械经营许可证」';

  it('POST /api/cart and quick_add', async () => {
    const b = await buyer();
    const add = await request('POST', '/api/cart', b.cookie, { params: [{ goods_id: rx.id, number: 1 }] });
    expect(add.status).toBe(422);
    expect(add.body.message).toBe(refusal);
    const quick = await request('POST', `/api/cart/quick_add/${rx.id}`, b.cookie);
    expect(quick.status).toBe(422);
    expect(quick.body.message).toBe(refusal);
    expect((await request('GET', '/api/cart/total', b.cookie)).body.data.total).toBe(0);
  });

  it('copy to another store', async () => {
    const b = await buyer();
    const sister = await makeUser(ctx.database.db, b.company.id, { isPrimary: false });
    const line = await addCartLine(ctx.database.db, b.user.id, rx.id, warehouseId, 1);
    const res = await request('POST', '/api/cart/copy', b.cookie, {
      ids: [line.id],
      other_user_ids: [sister.id],
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toContain(refusal);
  });

  it('buy again after the scope was narrowed', async () => {
    const b = await buyer({ scope: ['fcfy', 'kssz', 'qx3'] });
    const line = await addCartLine(ctx.database.db, b.user.id, rx.id, warehouseId, 1);
    const order = await request('POST', '/api/order/create', b.cookie, { ids: [line.id] });
    expect(order.status).toBe(201);
    await ctx.database.db
      .update(companies)
      .set({ businessScope: ['fcfy', 'kssz'] })
      .where(eq(companies.id, b.company.id));
    const res = await request('POST', `/api/order/${order.body.data.id}/rebuy`, b.cookie);
    expect(res.status).toBe(422);
    // Its device licence still prints 三类医疗器械; the confirmed scope no longer holds it.
    expect(res.body.message).toBe(
      '「心脏支架」超出经营范围：「三类医疗器械」不在贵司核定的经营范围内，如需经营请联系客服',
    );
  });

  it('the cart marks a line from before the scope changed', async () => {
    const b = await buyer();
    await addCartLine(ctx.database.db, b.user.id, rx.id, warehouseId, 1);
    const cart = await request('GET', '/api/cart/list', b.cookie);
    expect(cart.body.data.data[0].scope_message).toBe(
      '超出经营范围：需具备「三类医疗器械」经营范围，请上传载明该范围的「医疗机构执业许可证」或「医疗器械经营许可证」',
    );
  });
});

describe('cart checkout and order creation refuse with the same message', () => {
  async function both(b: Awaited<ReturnType<typeof buyer>>, ids: number[]) {
    const checkout = await request('POST', '/api/cart/checkout', b.cookie, { ids });
    const create = await request('POST', '/api/order/create', b.cookie, { ids });
    return { checkout, create };
  }

  it('out of scope', async () => {
    const b = await buyer();
    const line = await addCartLine(ctx.database.db, b.user.id, rx.id, warehouseId, 1);
    const { checkout, create } = await both(b, [line.id]);
    expect(checkout.body.message).toBe(
      '「心脏支架」超出经营范围：需具备「三类医疗器械」经营范围，请上传载明该范围的「医疗机构执业许可证」或「医疗器械经营许可证」',
    );
    expect(create.body.message).toBe(checkout.body.message);
  });

  it('pending, expired licence, unsigned contract (459)', async () => {
    const pending = await buyer({ status: 'pending' });
    const p = await both(pending, [
      (await addCartLine(ctx.database.db, pending.user.id, inScope.id, warehouseId, 1)).id,
    ]);
    expect([p.checkout.status, p.create.status]).toEqual([403, 403]);
    expect(p.create.body.message).toBe(p.checkout.body.message);

    const expired = await buyer();
    await licenceUntil(expired.company.id, '2020-01-01');
    const e = await both(expired, [
      (await addCartLine(ctx.database.db, expired.user.id, inScope.id, warehouseId, 1)).id,
    ]);
    expect(e.checkout.body.message).toBe('您的「药品经营许可证」已于2020-01-01过期，请上传新证件后再下单');
    expect(e.create.body.message).toBe(e.checkout.body.message);

    const unsigned = await buyer({ contractSigned: false });
    const u = await both(unsigned, [
      (await addCartLine(ctx.database.db, unsigned.user.id, inScope.id, warehouseId, 1)).id,
    ]);
    expect([u.checkout.status, u.create.status]).toEqual([459, 459]);
    expect(u.create.body.message).toBe('请先签署电子采购合同');
    expect(u.checkout.body.message).toBe(u.create.body.message);
  });
});

describe('licence expiry follows the Beijing calendar', () => {
  it('valid at 23:30 Beijing on its expiry day (15:30 UTC), refused at 00:30 the next day (16:30 UTC)', async () => {
    const b = await buyer();
    await licenceUntil(b.company.id, '2026-11-23');
    const line = await addCartLine(ctx.database.db, b.user.id, inScope.id, warehouseId, 1);

    ctx.app.clock.now = () => new Date('2026-11-23T15:30:00Z');
    expect((await request('POST', '/api/cart/checkout', b.cookie, { ids: [line.id] })).status).toBe(200);
    expect((await request('POST', '/api/order/preview', b.cookie, { ids: [line.id] })).status).toBe(200);

    ctx.app.clock.now = () => new Date('2026-11-23T16:30:00Z');
    const message = '您的「药品经营许可证」已于2026-11-23过期，请上传新证件后再下单';
    const checkout = await request('POST', '/api/cart/checkout', b.cookie, { ids: [line.id] });
    expect([checkout.status, checkout.body.message]).toEqual([403, message]);
    const preview = await request('POST', '/api/order/preview', b.cookie, { ids: [line.id] });
    expect([preview.status, preview.body.message]).toEqual([403, message]);
  });
});
