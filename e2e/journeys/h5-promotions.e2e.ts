import type { GoodsListData } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, goods, goodsImages, users } from '../../apps/server/src/db/schema';
import { type Harness, phone, startHarness } from '../support/harness';

// The mobile site's promotions (issue 35): 领券中心, 积分商城, 幸运抽奖, 复制到其他门店 and
// pictures sized for the screen, on a phone (375 x 812, touch, a phone's user agent).

const BUYER = '13800000001';
let h: Harness;
let context: BrowserContext;
let page: Page;
beforeAll(async () => {
  h = await startHarness();
  ({ context, page } = await h.newPage(phone));
  await h.signInBuyer(context, BUYER);
});
afterAll(() => h?.close());

/** No sideways scroll at 320 and 375 px; shot at 375 px. */
async function shotAt375(name: string) {
  await page.setViewportSize({ width: 320, height: 812 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at 320 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 375, height: 812 });
  await h.shot(page, `h5-${name}-375`);
}

describe('the mobile site’s promotions', () => {
  it('claims a coupon in the centre and finds it in 我的优惠券', async () => {
    await page.goto('/m/');
    await page.getByRole('navigation', { name: '专区' }).getByRole('link', { name: '领券中心' }).click();
    await page.waitForURL(/\/m\/coupon-centre$/);
    const coupon = page.getByTestId('centre-coupon').filter({ hasText: '限量抢 满1000减100' });
    await expect.poll(() => coupon.getAttribute('data-state')).toBe('claimable');
    await coupon.getByRole('button', { name: /：限量抢 满1000减100$/ }).click();
    await page.getByRole('status').getByText('已领取「限量抢 满1000减100」').waitFor();
    await expect.poll(() => coupon.getAttribute('data-state')).toBe('claimed');
    await expect.poll(() => coupon.getByTestId('centre-claim').textContent()).toBe('已领取');
    await shotAt375('coupon-centre');

    await page.getByRole('link', { name: '我的券' }).click();
    await page.waitForURL(/\/m\/coupons$/);
    await page.getByTestId('coupon').filter({ hasText: '限量抢 满1000减100' }).waitFor();
  });

  it('redeems a points reward with the PC mall’s rules', async () => {
    await page.goto('/m/mine');
    await page.getByText('积分商城').click();
    await page.waitForURL(/\/m\/points-mall$/);
    const before = Number(await page.getByTestId('mall-points').textContent());
    const reward = page.getByTestId('reward-card').filter({ hasText: '满500减30优惠券' });
    await reward.getByRole('button', { name: /：满500减30优惠券$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await page.getByRole('status').getByText('兑换成功，优惠券已发放').waitFor();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await expect
      .poll(async () => Number(await page.getByTestId('mall-points').textContent()))
      .toBe(before - 500);
    await page.getByTestId('redemptions').getByText('满500减30优惠券').waitFor();
    await shotAt375('points-mall');

    await page.getByRole('link', { name: '积分明细' }).click();
    await page.waitForURL(/\/m\/points$/);
    await expect.poll(() => page.getByTestId('points-balance').textContent()).toBe(String(before - 500));
    await page.getByTestId('points-log').getByText('-500').first().waitFor();
  });

  it('draws the lottery: the wheel shows what the server answered', async () => {
    await page.goto('/m/lottery');
    const draw = page.getByTestId('lottery-draw');
    await expect.poll(() => draw.textContent()).toMatch(/立即抽奖（剩余1次）/);
    const answered = page.waitForResponse(
      (r) => r.url().endsWith('/api/draw') && r.request().method() === 'POST',
    );
    await draw.click();
    const result = (await (await answered).json()).data as { name: string; kind: string; remarks: string };
    const text = result.kind === 'none' ? '很遗憾，本次未中奖，谢谢参与' : `恭喜您，抽中${result.name}`;
    await expect.poll(() => page.getByTestId('lottery-result').textContent()).toContain(text);
    await expect.poll(() => draw.textContent()).toBe('抽奖次数已用完');
    await shotAt375('lottery');
    await page.getByRole('link', { name: '我的奖品' }).click();
    await page.getByTestId('draw-records').getByText(result.name).first().waitFor();
  });

  it('copies the cart’s selected lines to another store of the company', async () => {
    const list = (await (await context.request.get('/api/goods/list?in_stock=1&page_size=20')).json())
      .data as GoodsListData;
    const target = list.list.find(
      (g) => g.base_price !== null && g.is_buy && !g.unavailable && g.min_quantity === 1,
    );
    expect(target).toBeDefined();
    const added = await context.request.post('/api/cart', {
      form: { 'params[0][goods_id]': String(target?.id), 'params[0][number]': '1' },
    });
    expect(added.status(), await added.text()).toBe(200);
    await page.goto('/m/cart');
    await page.getByRole('button', { name: '复制到其他门店' }).click();
    const sheet = page.getByRole('dialog', { name: '复制到其他门店' });
    const store = sheet.getByTestId('copy-stores').getByRole('checkbox').first();
    const storeName = (await sheet.getByTestId('copy-stores').locator('label').first().textContent()) ?? '';
    await store.check();
    await shotAt375('cart-copy');
    await sheet.getByRole('button', { name: '确定复制' }).click();
    await page
      .getByRole('status')
      .getByText(/已将\d+种商品复制到1家门店/)
      .waitFor();
    await sheet.waitFor({ state: 'detached' });
    // The line is in that store's cart now.
    const [other] = await h.app.db.select().from(users).where(eq(users.storeName, storeName));
    const lines = await h.app.db.select().from(cartItems).where(eq(cartItems.userId, other.id));
    expect(lines.map((l) => l.goodsId)).toContain(target?.id);
  });

  it('pays an order through the online QR channel (the sandbox) on the phone', async () => {
    const orders = (await (await context.request.get('/api/order/list?tab=pending_payment&page=1')).json())
      .data;
    const order = orders.list[0] as { id: number };
    await page.goto(`/m/pay/${order.id}`);
    const channels = (await (await context.request.get('/api/pay/channels')).json()).data as {
      online: { name: string; label: string }[];
    };
    await page.getByLabel(channels.online[0].label, { exact: true }).click();
    await page.getByRole('button', { name: '确认支付' }).click();
    const panel = page.getByTestId('online-pay');
    await panel.getByRole('img', { name: '支付二维码' }).waitFor();
    const open = panel.getByTestId('online-open');
    const payerPage = (await open.getAttribute('href')) as string;
    expect(payerPage).toMatch(/^\/api\/pay\/sandbox\/scan\//);
    await shotAt375('pay-online');
    // The payer confirms on the sandbox's page (what 打开沙箱付款页 opens); this page sees it paid.
    const paid = await context.request.post(`${payerPage}/confirm`);
    expect(paid.status(), await paid.text()).toBe(200);
    await page.getByText('支付成功').first().waitFor();
  });

  it('a console picture comes with a srcset, and the phone loads its 240 px width', async () => {
    // A console upload (a 1200 px PNG) becomes the picture of one goods.
    const bytes = await sharp({ create: { width: 1200, height: 1200, channels: 3, background: '#0a7c4e' } })
      .png()
      .toBuffer();
    const key = `goods-images/e2e-h5-${Date.now()}.png`;
    await h.app.storage.put(key, bytes);
    const [image] = await h.app.db
      .insert(goodsImages)
      .values({ storageKey: key, mime: 'image/png', size: bytes.length, operatorId: 1 })
      .returning();
    const url = `/media/goods-images/${image.id}`;
    const list = (await (await context.request.get('/api/goods/list?page_size=1')).json())
      .data as GoodsListData;
    const target = list.list[0];
    await h.app.db.update(goods).set({ image: url }).where(eq(goods.id, target.id));

    const small = page.waitForResponse((r) => r.url().endsWith(`${url}?w=240`));
    await page.goto(`/m/list?keyword=${encodeURIComponent(target.name)}`);
    const img = page.getByTestId('goods-card').filter({ hasText: target.name }).first().locator('img');
    await img.waitFor();
    expect(await img.getAttribute('srcset')).toBe(`${url}?w=240 240w, ${url}?w=480 480w, ${url}?w=750 750w`);
    expect((await small).status()).toBe(200);
    await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).currentSrc)).toMatch(/\?w=240$/);
    await shotAt375('list-srcset');
  });
});
