import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from '../../apps/server/test/pdf-text';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Clicks a download link and returns the text of the PDF the browser saved. */
async function downloadPdf(page: Page, link: ReturnType<Page['getByTestId']>) {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^电子发票_\d{20}\.pdf$/);
  const file = await download.path();
  return (await pdfText(readFileSync(file))).join('\n');
}

describe('e-invoices', () => {
  it('the store downloads its issued invoice, corrects a returned one; 财务 issues it; the store downloads that too', async () => {
    const buyer = await h.newPage();
    const errors = collectConsoleErrors(buyer.page);
    // A 专票 with a malformed tax number is refused on purpose.
    expectRefusal(422, /^\/api\/user\/invoices/);
    await h.signInBuyer(buyer.context, '13800000001');
    const page = buyer.page;
    // The top bar's 电子发票查询 opens /dzfp inside the member centre.
    await page.goto('/user');
    await page.getByRole('link', { name: '电子发票查询' }).click();
    await page.getByTestId('invoices-page').waitFor();
    await expect
      .poll(() => page.getByTestId('member-menu').locator('[aria-current=page]').textContent())
      .toBe('电子发票');
    await h.shot(page, 'invoices');

    // The demo's issued invoice: its PDF names the store, the number and the amount in capitals.
    const issued = page.getByRole('row').filter({ hasText: '已开票' }).first();
    const number = (await issued.textContent())?.match(/\d{20}/)?.[0] ?? '';
    expect(number).toHaveLength(20);
    const text = await downloadPdf(page, issued.getByTestId('invoice-download'));
    for (const words of [
      '电子发票（普通发票）',
      number,
      '仁心大药房连锁有限公司',
      '价税合计（大写）',
      '开票人：财务小陈',
    ])
      expect(text).toContain(words);

    // The returned one: the reason shows; the store adds its tax number and sends it again.
    const returned = page.getByRole('row').filter({ hasText: '已退回' }).first();
    await returned.getByText(/退回原因：专票需填写纳税人识别号/).waitFor();
    const orderNo = (await returned.textContent())?.match(/YC\d{14}/)?.[0] ?? '';
    await returned.getByRole('button', { name: '修改后重新提交' }).click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel('增值税专用发票').check();
    await modal.getByTestId('invoice-tax-no').fill('12345');
    await modal.getByRole('button', { name: '提 交' }).click();
    await modal.getByText('请填写正确的纳税人识别号（15至20位数字或大写字母）').waitFor();
    await modal.getByTestId('invoice-tax-no').fill('91330108MA2H3K5X7Q');
    await modal.getByRole('button', { name: '提 交' }).click();
    await page.getByText('开票申请已提交').waitFor();
    await page.getByRole('row').filter({ hasText: orderNo }).getByText('待开票').waitFor();

    // 财务小陈 finds it in the queue and issues it.
    const { page: console_, context } = await h.newPage();
    await h.signInOperator(console_, 'caiwu');
    await console_.getByTestId('admin-menu').getByRole('link', { name: '发票管理' }).click();
    await console_.getByTestId('admin-invoices').waitFor();
    const row = console_.getByRole('row').filter({ hasText: orderNo });
    await row.getByText('91330108MA2H3K5X7Q').waitFor();
    await console_.locator('.ant-spin-spinning').waitFor({ state: 'detached' });
    await h.shot(console_, 'admin-invoices');
    await row.getByTestId('admin-invoice-issue').click();
    await console_.getByRole('button', { name: '开 具' }).click();
    await console_.getByText('发票已开具，门店会收到消息').waitFor();
    // The queue's filters: 已开票 lists it; a search for its order number finds it, another not.
    await console_.getByText('已开票', { exact: true }).click();
    await row.getByText('91330108MA2H3K5X7Q').waitFor();
    const search = console_.getByPlaceholder('订单号、抬头、发票号码、门店或手机号');
    await search.fill(orderNo);
    await search.press('Enter');
    await expect.poll(() => console_.getByRole('row').filter({ hasText: orderNo }).count()).toBe(1);
    await search.fill('不存在的订单号');
    await search.press('Enter');
    await row.waitFor({ state: 'detached' });
    await context.close();

    // The store is told, and its PDF is the special VAT invoice with its tax number.
    await page.reload();
    const done = page.getByRole('row').filter({ hasText: orderNo });
    await done.getByText('已开票').waitFor();
    const special = await downloadPdf(page, done.getByTestId('invoice-download'));
    for (const words of ['电子发票（增值税专用发票）', '91330108MA2H3K5X7Q', `订单号 ${orderNo}`])
      expect(special).toContain(words);
    await done.getByRole('button', { name: /展开行|Expand row/ }).click();
    await page.getByText('合计').first().waitFor();
    await h.shot(page, 'invoices-issued');
    await page.goto('/wdxx');
    await page.getByText('电子发票已开具').first().waitFor();
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await buyer.context.close();
  });
});
