import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  collectConsoleErrors,
  expectRefusal,
  type Harness,
  pressForAnswer,
  startHarness,
} from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('console settings and category menus', () => {
  it('a 运营 operator changes the hot line; the shop header shows it at once', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    // Invalid settings and the deletion of a category holding goods are refused on purpose.
    expectRefusal(422, /^\/api\/admin\/(settings|categories)\//);
    await h.signInOperator(page, 'yunying');
    await page.getByTestId('admin-menu').getByRole('link', { name: '站点设置' }).click();
    await page.getByRole('tab', { name: '客服联系方式' }).click();
    const hotLine = page.getByTestId('admin-settings-hot-line');
    await hotLine.fill('热线');
    await page.getByRole('button', { name: '保存客服联系方式' }).click();
    await page.getByText('客服热线只能包含数字、空格和 + - ( )').first().waitFor();
    // Told once: the client's toast of the first message, the message under the field, no
    // second notice from the page.
    await page.locator('.ant-message-notice').first().waitFor();
    expect(await page.locator('.ant-message-notice').count()).toBe(1);
    await hotLine.fill('400-600-7788');
    await page.getByRole('button', { name: '保存客服联系方式' }).click();
    await page.getByText('已保存，商城即时生效').waitFor();
    await h.shot(page, 'admin-settings');

    const shop = await h.newPage();
    await shop.page.goto('/');
    await shop.page.getByTestId('header-hotline').getByText('400-600-7788').waitFor();
    await shop.context.close();
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await context.close();
  });

  it('a new category shows in the shop menu at once', async () => {
    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'yunying');
    await page.getByTestId('admin-menu').getByRole('link', { name: '分类管理' }).click();
    await page.getByTestId('admin-categories').getByRole('cell', { name: '西药' }).waitFor();
    await page.getByTestId('admin-category-add').click();
    await page.getByTestId('admin-category-name').fill('冬季专区');
    await page.getByRole('button', { name: '保 存' }).click();
    await page.getByTestId('admin-categories').getByRole('cell', { name: '冬季专区' }).waitFor();
    await page.getByTestId('admin-category-form').waitFor({ state: 'hidden' });
    await h.shot(page, 'admin-categories');

    const shop = await h.newPage();
    await shop.page.goto('/');
    await shop.page.getByTestId('category-menu').getByText('冬季专区').waitFor();
    await shop.context.close();

    // A category that holds goods is not deleted; the operator is told why (the call's refusal,
    // shown for three seconds, and the row stays).
    const row = page.getByRole('row', { name: /抗感染药/ });
    expectRefusal(422, /^\/api\/admin\/categories\/\d+\/delete$/);
    await row.getByRole('button', { name: /删\s?除/ }).click();
    const refused = await pressForAnswer(
      page,
      page.locator('.ant-popconfirm').getByRole('button', { name: /确\s?定|OK/ }),
      (url) => /\/api\/admin\/categories\/\d+\/delete/.test(url),
    );
    expect(refused.status()).toBe(422);
    expect((await refused.json()).message).toMatch(/该分类下还有\d+个商品，请先把商品移到其他分类/);
    // Told once (the http client's toast; the page does not repeat it).
    const told = page.locator('.ant-message-notice', { hasText: /该分类下还有\d+个商品/ });
    await told.first().waitFor();
    expect(await told.count()).toBe(1);
    await h.shot(page, 'admin-categories-delete-refused');
    await row.waitFor();
    await context.close();
  });
});
