import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('flash sale (秒杀)', () => {
  it('a buyer sees the home floor counting down, opens a goods in the running slot, buys it at the spike price and sees 秒杀 on the order', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto('/');
    const floor = page.getByTestId('home-spike');
    await floor.waitFor();
    const timer = floor.getByRole('timer').first();
    const first = await timer.getAttribute('aria-label');
    expect(first).toMatch(/^距本场结束 \d{2}:\d{2}:\d{2}$/);
    // The countdown ticks on the server clock.
    await expect.poll(() => timer.getAttribute('aria-label'), { timeout: 5_000 }).not.toBe(first);
    await h.shot(page, 'flash-sale-home-floor');

    const card = floor
      .getByTestId('spike-goods')
      .filter({ has: page.getByRole('button', { name: '马上抢' }) })
      .first();
    const price = (await card.getByTestId('spike-price').textContent()) ?? '';
    await card.getByRole('button', { name: '马上抢' }).click();
    const offer = page.getByTestId('spike-offer');
    await offer.waitFor();
    expect(await offer.textContent()).toContain(price);
    await h.shot(page, 'flash-sale-detail');
    await page.getByRole('button', { name: '加入购物车' }).first().click();
    await page.getByText('已加入购物车').waitFor();

    await page.goto('/cart');
    const special = page.getByTestId('cart-special').first();
    await special.waitFor();
    expect(await special.textContent()).toContain(`按秒杀价${price}`);
    await h.shot(page, 'flash-sale-cart');

    // Check out that line alone while the slot runs; the order's line says it was 秒杀.
    const cart = (await (await context.request.get(`${h.baseUrl}/api/cart/list`)).json()).data as {
      data: { id: number; special: { code: string } | null }[];
    };
    const spikeLine = cart.data.find((l) => l.special?.code === 'spike');
    expect(spikeLine).toBeDefined();
    await page.goto(`/cart/step2?ids=${spikeLine?.id}`);
    await page.getByTestId('submit-order').click();
    await page.waitForURL(/\/cart\/step3\/\d+/);
    const orderId = Number(/step3\/(\d+)/.exec(page.url())?.[1]);
    await page.goto(`/order/info/${orderId}`);
    const tag = page.getByTestId('order-line-promotion').first();
    await tag.waitFor();
    expect(await tag.textContent()).toMatch(/^秒杀/);
    await h.shot(page, 'flash-sale-order');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operator creates a sale with a slot in the console', async () => {
    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'admin');
    await page.goto('/admin/spike');
    await page.getByTestId('admin-spike-new').click();
    await page.getByLabel('活动名称').fill('午间秒杀');
    await page.getByRole('button', { name: /确\s*定|OK/ }).click();
    const sale = page.getByTestId('admin-spike-sale').filter({ hasText: '午间秒杀' });
    await sale.waitFor();
    await sale.getByRole('button', { name: '添加场次' }).click();
    const range = page.getByRole('dialog').getByPlaceholder('开始日期');
    await range.click();
    await range.fill('2030-01-01 12:00');
    await range.press('Enter');
    const end = page.getByRole('dialog').getByPlaceholder('结束日期');
    await end.fill('2030-01-01 13:00');
    await end.press('Enter');
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await sale.getByTestId('admin-spike-slot').waitFor();
    expect(await sale.getByTestId('admin-spike-slot').textContent()).toContain('2030-01-01 12:00');
    await h.shot(page, 'flash-sale-console');
    await context.close();
  });
});
