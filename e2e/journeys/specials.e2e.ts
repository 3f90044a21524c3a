import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function api<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(`${h.baseUrl}${path}`);
  return (await response.json()).data as T;
}
interface CartLine {
  id: number;
  goods: { id: number };
  special: { code: string; label: string; units: number; saving: number } | null;
}
const cartLines = async (context: BrowserContext) =>
  (await api<{ data: CartLine[] }>(context, '/api/cart/list')).data;

describe('daily specials, welfare and cash-back', () => {
  it('a buyer buys a daily special at /mrtj and a 94折 goods at /welfare; cart and order carry the prices', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    const today = await api<{ list: { id: number; special_price: number }[] }>(
      context,
      '/api/activity/everyday_price',
    );
    const welfare = await api<{ goods: { list: { id: number; welfare_price: number }[] } }>(
      context,
      '/api/activity/welfare',
    );
    const special = today.list[0];
    const discounted = welfare.goods.list[0];
    expect(special.special_price).toBeGreaterThan(0);
    expect(discounted.welfare_price).toBeGreaterThan(0);

    await page.goto('/mrtj');
    await page.getByTestId('activity-goods').first().waitFor();
    await page.getByTestId('countdown').waitFor();
    expect(await page.getByTestId('countdown').textContent()).toContain('距今日特价结束');
    await h.shot(page, 'specials-mrtj');
    await page.getByTestId('activity-goods').first().getByTestId('add-to-cart').click();
    await expect
      .poll(async () => (await cartLines(context)).find((l) => l.goods.id === special.id)?.special?.code)
      .toBe('daily_special');

    await page.goto('/welfare');
    await page.getByTestId('activity-goods').first().waitFor();
    await h.shot(page, 'specials-welfare');
    await page.getByTestId('activity-goods').first().getByTestId('add-to-cart').click();
    await expect
      .poll(async () => (await cartLines(context)).find((l) => l.goods.id === discounted.id)?.special?.code)
      .toBe('welfare');

    await page.goto('/cart');
    await expect.poll(() => page.getByTestId('cart-special').count()).toBeGreaterThanOrEqual(2);
    const specialsText = (await page.getByTestId('cart-special').allTextContents()).join(' ');
    expect(specialsText).toContain('每日特价');
    expect(specialsText).toContain('全场94折');
    await h.shot(page, 'specials-cart');

    const lines = await cartLines(context);
    const ids = [special.id, discounted.id].map((gid) => lines.find((l) => l.goods.id === gid)?.id);
    await page.goto(`/cart/step2?ids=${ids.join(',')}`);
    await page.getByTestId('submit-order').waitFor();
    await page.getByTestId('submit-order').click();
    await page.waitForURL(/\/cart\/step3\/\d+/);
    const orderId = Number(/step3\/(\d+)/.exec(page.url())?.[1]);
    const order = await api<{
      lines: { goods_id: number; quantity: number; reduction: number }[];
      goods_amount: number;
      full_reduction: number;
      total: number;
    }>(context, `/api/order/detail/${orderId}`);
    // Both lines carry their reduction (the special price's and the 94折's saving, at least).
    const saving = (gid: number) => lines.find((l) => l.goods.id === gid)?.special?.saving ?? 0;
    for (const gid of [special.id, discounted.id]) {
      const line = order.lines.find((l) => l.goods_id === gid);
      expect(saving(gid)).toBeGreaterThan(0);
      expect(line?.reduction).toBeGreaterThanOrEqual(saving(gid));
    }
    await page.goto(`/order/info/${orderId}`);
    await page.getByTestId('order-detail').waitFor();
    await h.shot(page, 'specials-order');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the 满返 page shows the tiers, the countdown and the demo store’s cash-back', async () => {
    const { page, context } = await h.newPage();
    await h.signInBuyer(context, '13800000001');
    await page.goto('/hb');
    await page.getByTestId('countdown').waitFor();
    await page
      .getByRole('cell', { name: /^¥\d+\.\d\d$/ })
      .first()
      .waitFor();
    expect(await page.getByTestId('hb-page').textContent()).toContain('满200返5');
    await h.shot(page, 'specials-hb');
    await context.close();
  });

  it('an operator creates a daily special in the console', async () => {
    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'admin');
    await page.getByTestId('admin-menu').getByRole('link', { name: '每日特价' }).click();
    const table = page.getByTestId('admin-daily-specials');
    await table.locator('tbody tr.ant-table-row').first().waitFor();
    const before = await table.locator('tbody tr.ant-table-row').count();
    await page.getByTestId('admin-daily-special-new').click();
    await page.getByTestId('admin-daily-special-name').fill('周末特价');
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('goods-select').click();
    await page.keyboard.type('阿莫西林');
    const option = page.locator('.ant-select-item-option').first();
    await option.waitFor();
    await option.click();
    await dialog.getByLabel('特价', { exact: true }).fill('0.5');
    await dialog.getByLabel('每店每日限购', { exact: true }).fill('5');
    await h.shot(page, 'specials-admin-new');
    await dialog.getByRole('button', { name: '保 存' }).click();
    await expect.poll(() => table.locator('tbody tr.ant-table-row').count()).toBe(before + 1);
    expect(await table.textContent()).toContain('周末特价');
    await h.shot(page, 'specials-admin-list');

    // Preview as the demo store: today's specials, the new one included, at its prices.
    await page.getByTestId('admin-menu').getByRole('link', { name: '活动预览' }).click();
    await page.getByLabel('门店登录手机号').fill('13800000001');
    await page.getByLabel('门店登录手机号').press('Enter');
    const preview = page.getByTestId('admin-special-preview');
    await preview.getByText('阿莫西林胶囊').first().waitFor();
    expect(await preview.textContent()).toContain('满额返现：满200返5');
    await h.shot(page, 'specials-admin-preview');
    await context.close();
  });
});
