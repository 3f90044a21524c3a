import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const badge = (page: Page) => page.getByTestId('side-messages').locator('.sh-badge');

describe('messages and item requests', () => {
  it('the demo store reads its messages by category and marks them all read; the badge follows', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto('/wdxx');
    await page.getByTestId('messages-page').waitFor();
    await page.getByTestId('message-item').first().waitFor();
    // The seed leaves unread messages: the side bar counts them.
    await badge(page).first().waitFor();
    expect(await page.locator('[data-testid="message-item"][data-read="0"]').count()).toBeGreaterThan(0);
    await h.shot(page, 'messages-unread');

    await page.getByRole('tab', { name: /订单消息/ }).click();
    // The list says it is busy while the previous tab's messages stand in for this one's.
    await page.locator('[data-testid="message-list"][aria-busy="false"]').waitFor();
    await page.getByTestId('message-item').getByText('订单消息').first().waitFor();
    for (const tag of await page.getByTestId('message-item').locator('.ant-tag').allTextContents()) {
      expect(tag).toBe('订单消息');
    }
    await page.getByRole('tab', { name: /全部/ }).click();
    await page.getByTestId('messages-read-all').click();
    await page.getByText(/已将\d+条消息标为已读/).waitFor();
    await page.locator('[data-testid="message-item"][data-read="0"]').first().waitFor({ state: 'detached' });
    await badge(page).first().waitFor({ state: 'detached' });
    await page.getByTestId('messages-unread-only').click();
    await page.getByText('没有未读消息').first().waitFor();
    await h.shot(page, 'messages-all-read');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a store asks for a goods at /pzqg/add; 客服 answers with a goods on sale; the store sees the answer and a message', async () => {
    const buyer = await h.newPage();
    const errors = collectConsoleErrors(buyer.page);
    // A request without a goods name is refused on purpose.
    expectRefusal(422, /^\/api\/item/);
    await h.signInBuyer(buyer.context, '13800000001');
    await buyer.page.goto('/pzqg');
    await buyer.page.getByTestId('item-requests-page').waitFor();
    await buyer.page.goto('/pzqg/add');
    await buyer.page.getByTestId('item-request-add').waitFor();
    await buyer.page.getByTestId('item-request-submit').click();
    await buyer.page.getByText('请填写商品名称').waitFor();
    await buyer.page.getByLabel('商品名称').fill('阿莫西林胶囊');
    await buyer.page.getByLabel('规格').fill('0.25g*50粒');
    await buyer.page.getByLabel('求购数量').fill('30');
    await buyer.page.getByLabel('备注').fill('E2E 求购：门店缺货，急需');
    await buyer.page.getByTestId('item-request-submit').click();
    await buyer.page.getByTestId('item-request-info').waitFor();
    await expect.poll(() => buyer.page.getByTestId('item-request-status').textContent()).toBe('待回复');
    const url = new URL(buyer.page.url());
    expect(url.pathname).toBe('/pzqg/info');
    await h.shot(buyer.page, 'item-request-sent');

    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'kefu');
    await page.getByTestId('admin-menu').getByRole('link', { name: '品种求购' }).click();
    const row = page.getByRole('row', { name: /E2E 求购/ });
    await row.waitFor();
    await h.shot(page, 'admin-item-requests');
    await row.getByTestId('admin-item-request-answer').click();
    // The goods picker is searched with the request's name already.
    await page.getByTestId('admin-item-request-goods').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '阿莫西林' }).first().click();
    await page.getByTestId('admin-item-request-reply').fill('已为您上架阿莫西林胶囊，欢迎采购');
    await page.getByRole('button', { name: '发送回复' }).click();
    await page.getByText('已回复，门店会收到消息').waitFor();
    await row.waitFor({ state: 'detached' });
    await context.close();

    await buyer.page.reload();
    await buyer.page
      .getByTestId('item-request-reply')
      .getByText(/已为您上架阿莫西林胶囊/)
      .waitFor();
    expect(await buyer.page.getByTestId('item-request-status').textContent()).toBe('已上架');
    await buyer.page.getByTestId('item-request-goods').click();
    await buyer.page.waitForURL(/\/list\/info\/\d+/);
    await h.shot(buyer.page, 'item-request-answered');

    await buyer.page.goto('/wdxx');
    await buyer.page.getByTestId('message-item').filter({ hasText: '阿莫西林胶囊' }).first().waitFor();
    await h.shot(buyer.page, 'item-request-message');
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await buyer.context.close();
  });
});
