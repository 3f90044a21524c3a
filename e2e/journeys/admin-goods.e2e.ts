import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Picks an option of an antd Select (or TreeSelect) found by its form label. */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByLabel(label, { exact: true });
  await input.click({ force: true });
  if ((await input.getAttribute('readonly')) === null) await input.pressSequentially(option);
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).first().click();
  await page.keyboard.press('Escape');
}

const NAME = '药采测试感冒清热颗粒';
const INITIALS = 'yccsgmqrkl';

async function shopPrice(page: Page) {
  await page.goto(`/search?keywords=${INITIALS}&type=0`);
  await page.getByTestId('goods-results').waitFor();
  const card = page.getByTestId('goods-card').filter({ hasText: NAME });
  await card.waitFor();
  return (await card.getByTestId('price').first().textContent())?.trim();
}

describe('console goods', () => {
  it('an operator creates a goods with ladder prices and two batches; the shop finds it by pinyin initials and follows its price', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInOperator(page, 'admin');
    await page.getByTestId('admin-menu').getByRole('link', { name: '商品管理' }).click();
    await page.getByTestId('admin-goods').locator('tbody tr').first().waitFor();
    await h.shot(page, 'admin-goods-list');

    await page.getByTestId('admin-goods-create').click();
    await page.getByTestId('admin-goods-editor').waitFor();
    // Saving an empty form names the missing fields.
    await page.getByTestId('admin-goods-save').click();
    await page.getByText('请填写商品名称').waitFor();

    await page.getByLabel('商品名称').fill(NAME);
    await page.getByLabel('通用名').fill('感冒清热颗粒');
    await choose(page, '处方类别', '乙类非处方药');
    await choose(page, '经营范围类别', '中成药');
    await page.getByLabel('生产厂家').fill('药采测试制药有限公司');
    await page.getByLabel('批准文号 / 注册证号').fill('国药准字Z11020999');
    await page.getByLabel('规格').fill('12g*10袋');
    await page.getByLabel('包装单位').fill('盒');
    await choose(page, '分类（四套菜单）', '感冒清热');
    await page.getByLabel('基础价（元）').fill('15.80');
    await page.getByTestId('admin-goods-ladder-add').click();
    await page.getByLabel('第1档数量').fill('10');
    await page.getByLabel('第1档单价').fill('15.20');
    await page.getByTestId('admin-goods-ladder-add').click();
    await page.getByLabel('第2档数量').fill('50');
    await page.getByLabel('第2档单价').fill('14.60');
    await h.shot(page, 'admin-goods-editor');
    await page.getByTestId('admin-goods-save').click();
    await page.waitForURL(/\/admin\/goods\/\d+$/);
    await page.getByTestId('admin-goods-batches').waitFor();

    // 新增仓库 beside the picker: the new warehouse is chosen for the first batch.
    await page.getByTestId('admin-warehouse-add').click();
    const dialog = page.getByRole('dialog', { name: '新增仓库' });
    await dialog.getByLabel('仓库名称').fill('南方仓（广州）');
    await h.shot(page, 'admin-goods-warehouse-add');
    await dialog
      .getByRole('button', { name: '添 加' })
      .or(dialog.getByRole('button', { name: '添加' }))
      .click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByTestId('admin-goods-batch-form').getByText('南方仓（广州）').waitFor();

    for (const [batch, produced, expires, quantity] of [
      ['GM2601', '2026-01-05', '2028-01-04', '200'],
      ['GM2509', '2025-09-01', '2027-08-31', '80'],
    ]) {
      const form = page.getByTestId('admin-goods-batch-form');
      if (batch !== 'GM2601') {
        await form.getByRole('combobox').first().click({ force: true });
        await page.locator('.ant-select-dropdown:visible').locator('.ant-select-item-option').first().click();
      }
      await form.getByLabel('批号').fill(batch);
      await form.getByLabel('生产日期').fill(produced);
      await form.getByLabel('生产日期').press('Enter');
      await form.getByLabel('有效期至').fill(expires);
      await form.getByLabel('有效期至').press('Enter');
      await form.getByLabel('数量').fill(quantity);
      await page.getByTestId('admin-goods-batch-submit').click();
      await page.getByTestId('admin-goods-batches').getByRole('cell', { name: batch, exact: true }).waitFor();
    }
    await expect
      .poll(() => page.getByTestId('admin-goods-batches').locator('.ant-card-head-title').textContent())
      .toBe('批号库存（合计 280，近效期 2027-08-31）');
    await page.getByTestId('admin-goods-batches').getByRole('cell', { name: '南方仓（广州）' }).waitFor();
    await page.getByTestId('admin-goods-sale').click();
    await page.getByTestId('admin-goods-editor').getByText('已上架').waitFor();
    await h.shot(page, 'admin-goods-batches');

    const buyer = await h.newPage();
    const login = await buyer.context.request.post(`${h.baseUrl}/api/user/login`, {
      form: { username: '13800000001', password: 'Demo@123456' },
    });
    expect(login.status()).toBe(200);
    expect(await shopPrice(buyer.page)).toBe('¥15.80');
    await h.shot(buyer.page, 'admin-goods-in-shop');

    await page.getByLabel('基础价（元）').fill('13.90');
    await page.getByLabel('第1档单价').fill('13.50');
    await page.getByLabel('第2档单价').fill('13.00');
    await page.getByTestId('admin-goods-save').click();
    await page.getByText('已保存').waitFor();
    expect(await shopPrice(buyer.page)).toBe('¥13.90');

    expect(errors).toEqual([]);
    await buyer.context.close();
    await context.close();
  });

  it('an Excel import with a bad row lists the row and column and imports nothing', async () => {
    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'yunying');
    await page.getByTestId('admin-menu').getByRole('link', { name: '商品管理' }).click();
    await page.getByTestId('admin-goods').waitFor();
    await page.getByTestId('admin-goods-import').click();
    const ExcelJS = (await import('exceljs')).default;
    const template = await context.request.get(`${h.baseUrl}/api/admin/goods/import-template`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await template.body()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    const headers = (sheet.getRow(1).values as string[]).slice(1);
    const row: Record<string, string | number> = {
      商品名称: '导入坏行测试片',
      通用名: '导入坏行测试片',
      商品类型: '药品',
      生产厂家: '测试药业',
      规格: '10mg*10片',
      包装单位: '盒',
      批准文号: '国药准字H20999999',
      处方类别: '处方药',
      经营范围类别: '化学药制剂',
      基础价: -2,
      分类编码: 'none',
    };
    sheet.addRow(headers.map((h) => row[h] ?? ''));
    // The bad row: the import is refused (422) with the row and column.
    expectRefusal(422, /\/api\/admin\/goods\/import$/);
    await page.locator('input[type=file]').setInputFiles({
      name: 'goods.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: Buffer.from(await workbook.xlsx.writeBuffer()),
    });
    await page.getByTestId('admin-goods-import-run').click();
    const problems = page.getByTestId('admin-goods-import-problems');
    await problems.getByText('第2行 基础价').waitFor();
    expect(await problems.textContent()).toContain('分类编码「none」不存在');
    await h.shot(page, 'admin-goods-import-problems');
    await context.close();
  });
});
