import type { GoodsListData, GoodsSummary } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../apps/server/src/db/schema';
import { type Harness, phone, startHarness } from '../support/harness';

// The mobile site (apps/h5 at /m/) on a phone: a buyer's whole path from search to receipt, and
// the cart it shares with the PC shop. Screens are shot at 320, 375 and 414 px wide.

const BUYER = '13800000001';
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function phonePage() {
  const { context, page } = await h.newPage(phone);
  return { context, page };
}

/** Goods the buyer can add as it is: price shown, in stock, 起购 and 中包装 of 1, nothing blocking. */
async function buyableGoods(context: BrowserContext, skip = 0): Promise<GoodsSummary> {
  const res = await context.request.get('/api/goods/list?in_stock=1&page_size=60');
  const list = ((await res.json()).data as GoodsListData).list.filter(
    (g) =>
      g.base_price !== null &&
      g.is_buy &&
      !g.unavailable &&
      !g.control_message &&
      !g.ephedrine &&
      g.min_quantity === 1 &&
      g.step_quantity === 1 &&
      g.number >= 50,
  );
  expect(list.length).toBeGreaterThan(skip);
  return list[skip];
}

/** The cart emptied through the API, so the journey's lines are the only ones. */
async function emptyCart(context: BrowserContext) {
  const state = (await (await context.request.get('/api/cart/list?new=1')).json()).data;
  const ids = state.data.map((line: { id: number }) => line.id);
  if (ids.length)
    await context.request.post('/api/cart/batch_delete', {
      form: Object.fromEntries(ids.map((id: number, i: number) => [`ids[${i}]`, id])),
    });
}

/** No screen scrolls sideways from 320 to 768 px wide. */
async function expectNoSidewaysScroll(page: Page, name: string) {
  for (const width of [320, 375, 414, 768]) {
    await page.setViewportSize({ width, height: 812 });
    await page.waitForTimeout(100);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
    if (width !== 768) await h.shot(page, `h5-${name}-${width}`);
  }
  await page.setViewportSize({ width: 375, height: 812 });
}

describe('the mobile site', () => {
  it('a buyer logs in, searches, adds, checks out, pays by balance and confirms receipt', async () => {
    const { context, page } = await phonePage();
    await page.goto('/m/login?redirect=%2Fmine');
    await page.getByPlaceholder('手机号或用户名').fill(BUYER);
    await page.getByPlaceholder('密码').fill('Demo@123456');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/m\/mine$/);
    await page.getByRole('link', { name: '全部订单' }).or(page.getByText('全部订单')).first().waitFor();
    await emptyCart(context);
    const target = await buyableGoods(context);

    // Home: search box, zones, best sellers; the tab bar below.
    await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '首页' }).click();
    await page.getByTestId('goods-card').first().waitFor();
    await expectNoSidewaysScroll(page, 'home');

    // Search with suggestions, then the list.
    await page.getByRole('link', { name: '搜索药品名称、厂家' }).click();
    await page.getByPlaceholder('药品名称、通用名、拼音首字母').fill(target.name);
    await page.getByRole('list', { name: '搜索建议' }).or(page.getByText('热门搜索')).first().waitFor();
    await page.getByPlaceholder('药品名称、通用名、拼音首字母').press('Enter');
    await page.waitForURL(/\/m\/list\?/);
    const card = page.getByTestId('goods-card').filter({ hasText: target.name }).first();
    await card.waitFor();
    await expectNoSidewaysScroll(page, 'list');

    // Detail: price, stepper and the sticky add bar.
    await card.click();
    await page.waitForURL(new RegExp(`/m/goods/${target.id}$`));
    await page.getByTestId('detail-price').waitFor();
    await page.getByRole('button', { name: /加入购物车/ }).click();
    await page.getByRole('status').getByText('已加入购物车').waitFor();
    await expect
      .poll(() => page.getByLabel(/购物车，\d+种商品/).getAttribute('aria-label'))
      .toBe('购物车，1种商品');
    await expectNoSidewaysScroll(page, 'detail');

    // Cart: the line, then 结算.
    await page.getByLabel(/购物车，/).click();
    await page.waitForURL(/\/m\/cart$/);
    await expect.poll(() => page.getByTestId('cart-line').count()).toBe(1);
    await page.getByTestId('cart-line').getByText(target.name).waitFor();
    await expectNoSidewaysScroll(page, 'cart');
    await page.getByRole('button', { name: /结算\(1\)/ }).click();
    await page.waitForURL(/\/m\/checkout\?ids=\d+/);
    await page.getByTestId('checkout-total').waitFor();
    await expectNoSidewaysScroll(page, 'checkout');
    await page.getByRole('button', { name: '提交订单' }).click();
    await page.waitForURL(/\/m\/pay\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    // Pay by balance (the default choice), each method a named radio a keyboard reaches.
    await page.getByTestId('pay-amount').waitFor();
    expect(await page.getByRole('radio', { name: '余额支付' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: '对公转账' }).isChecked()).toBe(false);
    await expectNoSidewaysScroll(page, 'pay');
    await page.getByRole('button', { name: '确认支付' }).click();
    await page.getByText('支付成功').first().waitFor();
    const [paid] = await h.app.db.select().from(orders).where(eq(orders.id, id));
    expect(paid).toMatchObject({ status: 'awaiting_shipment' });

    // The warehouse ships it (console API), and the buyer confirms receipt on the phone.
    const op = await h.newPage();
    await h.signInOperator(op.page, 'admin');
    const shipped = await op.page.request.post(`/api/admin/orders/${id}/ship`, {
      form: { carrier: '顺丰速运', tracking_no: 'SF1400012345678' },
    });
    expect(shipped.status()).toBe(200);
    await op.context.close();

    await page.goto(`/m/orders?tab=shipped`);
    await page.getByTestId('order-card').first().waitFor();
    await page.goto(`/m/orders/${id}`);
    await page.getByTestId('logistics').getByText('物流：顺丰速运 SF1400012345678').waitFor();
    await page.getByTestId('logistics').getByText('已揽收', { exact: false }).waitFor();
    await expectNoSidewaysScroll(page, 'order-detail');
    await page.getByRole('button', { name: '确认收货' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByTestId('order-status').getByText('已完成').waitFor();
    const [done] = await h.app.db.select().from(orders).where(eq(orders.id, id));
    expect(done.status).toBe('completed');
    await context.close();
  });

  it('the cart is shared with the PC site, which offers a phone the mobile site', async () => {
    const { context, page } = await phonePage();
    await h.signInBuyer(context, BUYER);
    await emptyCart(context);
    const target = await buyableGoods(context, 1);

    // The PC shop on a phone offers the mobile site; the offer opens the same goods there.
    await page.goto(`/list/info/${target.id}`);
    const offer = page.getByTestId('mobile-offer');
    await offer.waitFor();
    await h.shot(page, 'h5-pc-offer');
    await offer.getByRole('link', { name: '打开手机版' }).click();
    await page.waitForURL(new RegExp(`/m/goods/${target.id}$`));
    await page.getByRole('button', { name: /加入购物车/ }).click();
    await page.getByRole('status').getByText('已加入购物车').waitFor();

    // The same store on a desktop sees the line in its PC cart.
    const pc = await h.newPage();
    await h.signInBuyer(pc.context, BUYER);
    await pc.page.goto('/cart');
    await pc.page.getByText(target.name).first().waitFor();
    await pc.context.close();

    // The member pages read the same store's wallet, coupons and licences.
    await page.goto('/m/mine');
    await page.getByText('我的余额').click();
    await page.waitForURL(/\/m\/wallet$/);
    await expect.poll(() => page.getByTestId('wallet-balance').textContent()).toMatch(/^¥\d+\.\d{2}$/);
    await page.goBack();
    await page.getByText('我的优惠券').click();
    await page.waitForURL(/\/m\/coupons$/);
    await page.getByTestId('coupon').or(page.getByText('暂无优惠券')).first().waitFor();
    await expectNoSidewaysScroll(page, 'coupons');
    await page.goto('/m/licences');
    await page.getByText('营业执照').first().waitFor();
    await expectNoSidewaysScroll(page, 'licences');

    // 电脑版 from the mobile site: the PC shop stops offering.
    await page.goto('/m/mine');
    await page.getByRole('link', { name: '电脑版' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.waitForLoadState('networkidle');
    expect(await page.getByTestId('mobile-offer').count()).toBe(0);
    await context.close();
  });
});
