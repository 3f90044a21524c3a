import { formatYuan, PAID_UNSHIPPED_STATUSES } from '@yaocai/domain';
import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  cartMergeKey,
  giftRules,
  goods,
  goodsStock,
  orders,
  users,
} from '../../apps/server/src/db/schema';
import { confirmDialog, expectRefusal, type Harness, navigateInApp, startHarness } from '../support/harness';

/**
 * The buyer's journey from the cart to payment done (balance, credit, sandbox QR), cancelling,
 * an operator shipping, the buyer seeing the tracking and confirming receipt, and a return.
 * Cart lines are put in the cart directly (the cart screens are another piece of work).
 */
let h: Harness;
let userId: number;
let picks: { goodsId: number; warehouseId: number; minQuantity: number }[];
beforeAll(async () => {
  h = await startHarness();
  const [u] = await h.app.db.select().from(users).where(eq(users.phone, '13800000001'));
  userId = u.id;
  const rows = await h.app.db
    .select({
      goodsId: goods.id,
      warehouseId: goodsStock.warehouseId,
      minQuantity: goods.minQuantity,
      step: goods.stepQuantity,
    })
    .from(goods)
    .innerJoin(goodsStock, eq(goodsStock.goodsId, goods.id))
    .where(
      and(
        gt(goodsStock.quantity, 500),
        eq(goods.ephedrine, false),
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(40);
  picks = rows.filter((r) => r.step === 1);
});
afterAll(() => h?.close());

let next = 0;
async function cartLines(count: number, quantity = 20) {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const p = picks[next++ % picks.length];
    const [line] = await h.app.db
      .insert(cartItems)
      .values({
        userId,
        goodsId: p.goodsId,
        warehouseId: p.warehouseId,
        quantity: Math.max(quantity, p.minQuantity),
      })
      .onConflictDoUpdate({
        target: cartMergeKey,
        set: { quantity: Math.max(quantity, p.minQuantity) },
      })
      .returning();
    ids.push(line.id);
  }
  return ids;
}

async function buyerPage() {
  const { page, context } = await h.newPage();
  const res = await page.request.post('/api/user/login', {
    form: { username: '13800000001', password: 'Demo@123456' },
  });
  expect(res.status()).toBe(200);
  return { page, context };
}

async function checkout(page: Page, ids: number[], shot?: string, papers: string[] = []) {
  await page.goto(`/cart/step2?ids=${ids.join(',')}`);
  await page.getByTestId('submit-order').waitFor();
  for (const paper of papers) await page.getByTestId('step2-papers').getByText(paper).click();
  if (shot) await h.shot(page, shot);
  await page.getByTestId('submit-order').click();
  await page.waitForURL(/\/cart\/step3\/\d+/);
  await page.getByTestId('pay-page').waitFor();
  return Number(page.url().split('/').pop());
}

/** Step 4 names the order, what was paid and how (the paid order, not step 3's unpaid one). */
async function expectPaidSummary(page: Page, id: number, method: string) {
  const [o] = await h.app.db.select().from(orders).where(eq(orders.id, id));
  expect(o.paidFen).toBeGreaterThan(0);
  await expect
    .poll(() => page.getByTestId('step4').textContent())
    .toContain(`订单号 ${o.orderNo}，实付 ${formatYuan(o.paidFen)}（${method}）`);
}

describe('order journey', () => {
  it('cart -> verify order -> pay by balance -> step 4', async () => {
    const { page, context } = await buyerPage();
    const ids = await cartLines(3);
    await page.goto(`/cart/step2?ids=${ids.join(',')}`);
    await page.getByTestId('submit-order').waitFor();
    await expect.poll(() => page.title()).toBe('确认订单-药采');
    // The addresses come in their own call, after the preview that shows the button.
    await expect.poll(() => page.getByTestId('address-option').count()).toBe(2);
    await h.shot(page, 'order-step2');
    // The order takes its lines out of the cart: the header badge follows without a reload.
    const badge = () => page.getByTestId('header-cart').textContent();
    const before = (await (await page.request.get('/api/cart/total')).json()).data.total as number;
    await expect.poll(badge).toBe(`我的购物车${before}`);
    // The store asks for the 药检报告 to travel with the goods.
    const id = await checkout(page, ids, undefined, ['药检报告']);
    await expect.poll(badge).toBe(`我的购物车${before - ids.length}`);
    await h.shot(page, 'order-step3-balance');
    await page.getByTestId('pay-balance').click();
    await page.waitForURL(/\/cart\/step4\?id=\d+/);
    await page.getByText('支付成功').first().waitFor();
    await expectPaidSummary(page, id, '余额支付');
    await h.shot(page, 'order-step4');
    const [o] = await h.app.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({
      status: 'awaiting_shipment',
      paymentMethod: 'balance',
      papers: ['inspection'],
    });
    await context.close();
  });

  it('shows the gifts (赠品) and 换购 goods an order earned on its detail page', async () => {
    const { page, context } = await buyerPage();
    const db = h.app.db;
    const ids: number[] = [];
    // The demo rules: a 赠 and a 换购; buy enough of each in a warehouse holding the gift too.
    for (const rule of await db.select().from(giftRules).orderBy(asc(giftRules.id))) {
      const [g] = await db
        .select({ min: goods.minQuantity, step: goods.stepQuantity })
        .from(goods)
        .where(eq(goods.id, rule.goodsId));
      const stocks = await db
        .select()
        .from(goodsStock)
        .where(inArray(goodsStock.goodsId, [rule.goodsId, rule.giftGoodsId]));
      const home = stocks.find(
        (s) =>
          s.goodsId === rule.goodsId &&
          s.quantity >= 100 &&
          stocks.some(
            (x) => x.goodsId === rule.giftGoodsId && x.warehouseId === s.warehouseId && x.quantity >= 10,
          ),
      );
      if (!home) continue;
      const step = Math.max(1, g.step);
      await db
        .delete(cartItems)
        .where(and(eq(cartItems.userId, userId), eq(cartItems.goodsId, rule.goodsId)));
      const [line] = await db
        .insert(cartItems)
        .values({
          userId,
          goodsId: rule.goodsId,
          warehouseId: home.warehouseId,
          quantity: Math.ceil(Math.max(rule.buyQuantity, g.min) / step) * step,
        })
        .returning();
      ids.push(line.id);
    }
    expect(ids).toHaveLength(2);
    // The verify page lists them under the lines that earn them, tagged as on the detail page.
    await page.goto(`/cart/step2?ids=${ids.join(',')}`);
    await page.getByTestId('checkout-gift-kind').first().waitFor();
    expect((await page.getByTestId('checkout-gift-kind').allTextContents()).sort()).toEqual(['换购', '赠品']);
    // Paid orders waiting to ship (the first journey's) are said to count towards free shipping.
    const unshipped = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.userId, userId), inArray(orders.status, [...PAID_UNSHIPPED_STATUSES])));
    expect(await page.getByText(/已计入待发货订单¥\d/).count()).toBe(unshipped.length > 0 ? 1 : 0);
    await h.shot(page, 'order-step2-gifts');
    const id = await checkout(page, ids);
    await page.goto(`/order/info/${id}`);
    await page.getByTestId('order-line-kind').first().waitFor();
    expect((await page.getByTestId('order-line-kind').allTextContents()).sort()).toEqual(['换购', '赠品']);
    await h.shot(page, 'order-detail-gifts');
    // An order that is not the store's: the page says so once, without a dialog saying it again.
    expectRefusal(404, /\/api\/order\/detail\/99999999$/);
    await navigateInApp(page, '/order/info/99999999');
    await page.getByText('订单不存在').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    await context.close();
  });

  it('pays by credit', async () => {
    const { page, context } = await buyerPage();
    const id = await checkout(page, await cartLines(2));
    await page.getByRole('tab', { name: '账期支付' }).click();
    await page.getByTestId('pay-credit').click();
    await page.waitForURL(/\/cart\/step4/);
    await expectPaidSummary(page, id, '账期支付');
    await page.goto('/zqgl');
    await page.getByTestId('credit-page').waitFor();
    await page.getByText('待还款').first().waitFor();
    await h.shot(page, 'order-credit-account');
    // The bills are repaid from the balance: chosen by their boxes, confirmed in the dialog.
    const repay = page.getByRole('button', { name: /还\s*款/ });
    expect(await repay.isDisabled()).toBe(true);
    await page.getByRole('checkbox', { name: '全选本页' }).check();
    await repay.click();
    await confirmDialog(page);
    await page.getByText(/^已还款 /).waitFor();
    await context.close();
  });

  it('pays through the sandbox QR flow', async () => {
    const { page, context } = await buyerPage();
    const id = await checkout(page, await cartLines(1));
    await page.getByRole('tab', { name: '微信/支付宝' }).click();
    await page.getByTestId('pay-qr').waitFor();
    await h.shot(page, 'order-step3-qr');
    // The payer's "phone" is the sandbox page, opened in the same browser (the buyer's session
    // owns the trade); its form posts the confirm from the same origin.
    const [scan] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('sandbox-scan').click(),
    ]);
    await scan.getByRole('button', { name: '确认支付' }).click();
    await scan.getByText('支付成功').waitFor();
    await h.shot(scan, 'order-sandbox-paid');
    await scan.close();
    await page.waitForURL(/\/cart\/step4/, { timeout: 15_000 });
    await expectPaidSummary(page, id, '在线支付');
    const [o] = await h.app.db.select().from(orders).where(eq(orders.id, id));
    expect(o).toMatchObject({ status: 'awaiting_shipment', paymentMethod: 'online' });
    // Step 4 of an order that is not paid says so and offers to pay.
    const unpaid = await checkout(page, await cartLines(1));
    await page.goto(`/cart/step4?id=${unpaid}`);
    await page.getByText('订单尚未支付').waitFor();
    await page.getByRole('button', { name: '去付款' }).click();
    await page.getByTestId('pay-page').waitFor();
    await context.close();
  });

  it('cancels an unpaid order from my orders', async () => {
    const { page, context } = await buyerPage();
    const id = await checkout(page, await cartLines(1));
    const [o] = await h.app.db.select().from(orders).where(eq(orders.id, id));
    await page.goto(`/order?tab=pending_payment&keyword=${o.orderNo}`);
    await page.getByTestId('order-card').first().waitFor();
    await page.getByTestId('order-cancel').first().click();
    await confirmDialog(page);
    await expect
      .poll(async () => (await h.app.db.select().from(orders).where(eq(orders.id, id)))[0].status)
      .toBe('cancelled');
    await page.goto('/order');
    await page.getByTestId('order-card').first().waitFor();
    await h.shot(page, 'order-list');
    await context.close();
  });

  it('operator ships; the buyer sees the tracking, confirms receipt and requests a return', async () => {
    const { page, context } = await buyerPage();
    const id = await checkout(page, await cartLines(1));
    await page.getByTestId('pay-balance').click();
    await page.waitForURL(/\/cart\/step4/);

    const op = await h.newPage();
    const [placed] = await h.app.db.select().from(orders).where(eq(orders.id, id));
    await op.page.goto('/admin/');
    await op.page.getByTestId('admin-username').fill('admin');
    await op.page.getByTestId('admin-password').fill('Admin@123456');
    await op.page.getByTestId('admin-login-submit').click();
    await op.page.getByTestId('admin-menu').getByRole('link', { name: '订单发货' }).click();
    await op.page.getByTestId('admin-orders').waitFor();
    await op.page.getByPlaceholder('订单号 / 商品名称').fill(placed.orderNo);
    await op.page.getByPlaceholder('订单号 / 商品名称').press('Enter');
    await op.page.getByText(placed.orderNo).waitFor();
    await op.page.getByTestId('admin-ship').first().click();
    await op.page.getByTestId('admin-tracking-no').fill('SF1400012345678');
    await op.page.waitForTimeout(500); // let the modal finish opening for the screenshot
    await h.shot(op.page, 'admin-ship');
    await op.page.getByRole('button', { name: '确认发货' }).click();
    await expect
      .poll(async () => (await h.app.db.select().from(orders).where(eq(orders.id, id)))[0].status)
      .toBe('shipped');
    await op.page.request.post(`/api/admin/orders/${id}/tracking`, {
      form: { description: '【杭州转运中心】已发出' },
    });

    await page.goto(`/order/wl/${id}`);
    await page.waitForURL(new RegExp(`/order/info/${id}`));
    await page.getByTestId('tracking').getByText('【杭州转运中心】已发出', { exact: false }).waitFor();
    await h.shot(page, 'order-detail-tracking');
    await page.getByTestId('order-confirm').click();
    // Per step, with room for a loaded machine: the dialog closes once the call answered.
    await confirmDialog(page);
    await page.getByTestId('order-status').getByText('已完成').waitFor({ timeout: 60_000 });

    await page.getByTestId('order-after-sale').click();
    await page.getByTestId('after-sale-qty').first().fill('1');
    await page.getByTestId('after-sale-reason').fill('外包装破损，药盒挤压变形');
    await h.shot(page, 'order-return-request');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByTestId('order-status').getByText('售后申请中').waitFor();
    const list = await (await op.page.request.get('/api/admin/after_sales?status=pending')).json();
    const request = list.data.find((a: { order_id: number }) => a.order_id === id);
    expect(request).toBeTruthy();
    await op.page.request.post(`/api/admin/after_sales/${request.id}`, {
      form: { approve: '1', note: '同意退货' },
    });
    await page.goto(`/order/returnInfo/${request.id}`);
    await page.getByTestId('after-sale-detail').getByText('已同意').waitFor();
    await h.shot(page, 'order-return-detail');
    const [o] = await h.app.db
      .select()
      .from(orders)
      .where(inArray(orders.id, [id]));
    // One unit of a line back: the order stays received, marked 部分退款 (not 已退款).
    expect(o.status).toBe('completed');
    expect(o.refundedFen).toBe(Math.round(request.refund * 100));
    await page.goto(`/order/info/${id}`);
    await page.getByTestId('order-status').getByText('已完成').waitFor();
    await page.getByTestId('order-refund-mark').getByText('部分退款', { exact: false }).waitFor();
    await h.shot(page, 'order-partial-refund');
    await op.context.close();
    await context.close();
  });
});
