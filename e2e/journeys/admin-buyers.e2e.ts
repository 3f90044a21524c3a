import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, confirmDialog, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('console buyers', () => {
  it('客服 finds the demo company by a store phone and disables it; the buyer loses prices at once; enabling gives them back', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInOperator(page, 'kefu');
    await page.getByTestId('admin-menu').getByRole('link', { name: '会员企业' }).click();
    await page.getByTestId('admin-companies').locator('tbody tr').first().waitFor();
    await page.getByLabel('搜索企业').fill('13800000001');
    await page.getByLabel('搜索企业').press('Enter');
    await expect.poll(() => page.getByTestId('admin-companies').locator('tbody tr').count()).toBe(1);
    await h.shot(page, 'admin-companies');
    await page.getByTestId('admin-companies').locator('tbody tr a').first().click();
    await page.getByTestId('admin-company').waitFor();

    const buyer = await h.newPage();
    const login = await buyer.context.request.post(`${h.baseUrl}/api/user/login`, {
      form: { username: '13800000001', password: 'Demo@123456' },
    });
    expect(login.status()).toBe(200);
    await buyer.page.goto('/list');
    await buyer.page.getByTestId('goods-card').getByTestId('price').first().waitFor();

    await page.getByTestId('admin-company-toggle').click();
    await page.locator('.ant-modal-confirm textarea').fill('资质存疑，暂停采购');
    await confirmDialog(page);
    await page.getByTestId('admin-company').getByText('已停用').first().waitFor();
    await h.shot(page, 'admin-company-disabled');

    await buyer.page.reload();
    await buyer.page.getByTestId('goods-card').getByText('账号已停用，请联系客服').first().waitFor();
    await h.shot(buyer.page, 'admin-company-disabled-shop');

    await page.getByTestId('admin-company-toggle').click();
    await confirmDialog(page);
    await page.getByTestId('admin-company').getByText('正常').first().waitFor();
    await buyer.page.reload();
    await buyer.page.getByTestId('goods-card').getByTestId('price').first().waitFor();
    expect(errors).toEqual([]);
    await buyer.context.close();
    await context.close();
  });
});
