import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function buyerSignIn(context: BrowserContext, phone: string) {
  const response = await context.request.post(`${h.baseUrl}/api/user/login`, {
    form: { username: phone, password: 'Demo@123456' },
  });
  expect(response.status()).toBe(200);
}

async function api<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(`${h.baseUrl}${path}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('.sh-figure__value').textContent())?.trim();

describe('会员中心', () => {
  it('the demo store sees its figures, each equal to the page behind it, and moves between account pages by the side menu', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await buyerSignIn(context, '13800000001');
    await page.goto('/user');
    await page.getByTestId('member-centre').waitFor();
    await expect.poll(() => page.getByTestId('member-qualification').textContent()).toBe('资质已认证');
    await h.shot(page, 'member-centre');

    // Wallet figures against the wallet calls and pages.
    const money = await api<{ user_money: number }>(context, '/api/user/user_money');
    expect(await text(page, 'member-balance')).toBe(`¥${money.user_money.toFixed(2)}`);
    const coupons = await api<{ coupon: number; cash: number }>(context, '/api/user/couponNum');
    expect(await text(page, 'member-coupons')).toBe(String(coupons.coupon));

    // Each order tab's count is the total its tab of /order lists.
    for (const tab of ['awaiting_shipment', 'shipped', 'completed']) {
      const { total } = await api<{ total: number }>(context, `/api/order/list?tab=${tab}`);
      expect(await text(page, `member-orders-${tab}`), tab).toBe(String(total));
    }
    await page.getByTestId('member-orders-shipped').click();
    await page.waitForURL(/\/order\?tab=shipped/);
    // The orders page sits in the same layout: its side menu entry is lit.
    const menu = page.getByTestId('member-menu');
    await expect.poll(() => menu.locator('[aria-current=page]').textContent()).toBe('我的订单');
    await h.shot(page, 'member-orders');

    // Unread messages: the figure, the badge and /wdxx agree.
    await menu.getByRole('link', { name: '会员首页' }).click();
    await page.getByTestId('member-centre').waitFor();
    const unread = Number(await text(page, 'member-messages'));
    expect(unread).toBe((await api<{ message_count: number }>(context, '/api/user/base')).message_count);
    await menu.getByRole('link', { name: '我的消息' }).click();
    await page.getByTestId('messages-page').waitFor();
    expect(await page.locator('[data-testid="message-item"][data-read="0"]').count()).toBe(
      Math.min(unread, 10),
    );

    // Every entry of the side menu opens a working page (no 建设中 page is listed).
    const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain('/kjcg');
    expect(links).not.toContain('/dzfp');
    for (const href of links) {
      await page.goto(href as string);
      await page.getByTestId('member-menu').waitFor();
      expect(await page.getByText(/功能正在建设中/).count(), href as string).toBe(0);
    }
    await page.goto('/wdqb');
    await page.waitForURL(/\/yegl$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor is sent to log in', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/user');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });
});
