import { readFileSync } from 'node:fs';
import { beijingDateOf } from '@yaocai/domain';
import { and, eq } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, payments, users } from '../../apps/server/src/db/schema';
import { pdfText } from '../../apps/server/test/pdf-text';
import { e2eStart } from '../support/clock';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';
import { drawPng } from '../support/images';

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

  it('a store pays by 对公转账 and uploads the 银行回单; 财务 confirms it in the console', async () => {
    const [store] = await h.app.db.select().from(users).where(eq(users.phone, '13800000001'));
    const [unpaid] = await h.app.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, store.id), eq(orders.status, 'pending_payment')));
    const buyer = await h.newPage();
    const errors = collectConsoleErrors(buyer.page);
    await h.signInBuyer(buyer.context, '13800000001');
    const page = buyer.page;
    await page.goto(`/cart/step3/${unpaid.id}`);
    await page.getByTestId('pay-page').waitFor();
    await page.getByRole('tab', { name: '对公转账' }).click();
    const pay = page.getByTestId('transfer-pay');
    await pay.getByText('药采医药科技（杭州）有限公司').waitFor();
    const code = (await pay.getByTestId('transfer-code').textContent()) ?? '';
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
    await pay.getByText(`附言/用途”中填写汇款识别码 ${code}`).waitFor();
    await h.shot(page, 'transfer-pay');
    await pay.locator('input[type=file]').setInputFiles({
      name: '银行回单.png',
      mimeType: 'image/png',
      buffer: await drawPng(h.browser, 'signed-receipt'),
    });
    await pay.getByTestId('transfer-payer').fill('仁心大药房连锁有限公司');
    await pay.getByTestId('transfer-date').click();
    await pay.getByTestId('transfer-date').fill(beijingDateOf(new Date(e2eStart())));
    await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-selected').click();
    await page.locator('.ant-picker-dropdown').first().waitFor({ state: 'hidden' });
    await pay.getByTestId('transfer-submit').click();
    await pay.getByText('银行回单已提交，待财务确认到账后订单即为已支付').waitFor();
    await pay.getByTestId('transfer-receipt-state').getByText('待确认').waitFor();
    await h.shot(page, 'transfer-receipt-submitted');

    // 财务小陈 opens it under 财务 → 对公转账, sees the receipt and what is due, and confirms.
    const { page: console_, context } = await h.newPage();
    await h.signInOperator(console_, 'caiwu');
    await console_.getByTestId('admin-menu').getByRole('link', { name: '对公转账' }).click();
    await console_.getByTestId('admin-transfers').waitFor();
    const row = console_.getByRole('row').filter({ hasText: unpaid.orderNo });
    await row.getByText(code).waitFor();
    await row.getByTestId('admin-transfer-open').click();
    const modal = console_.getByRole('dialog');
    await modal.getByTestId('admin-transfer-code').getByText(code).waitFor();
    await modal
      .getByTestId('admin-transfer-expected')
      .getByText(`¥${(unpaid.totalFen / 100).toFixed(2)}`)
      .waitFor();
    await modal.getByTestId('file-thumb').locator('img').first().waitFor();
    await console_.waitForTimeout(400); // the modal's opening animation, for the screenshot
    await h.shot(console_, 'admin-transfer-confirm');
    await modal.getByTestId('admin-transfer-confirm').click();
    await console_.getByText('已确认到账，门店会收到消息').waitFor();
    await context.close();

    await expect
      .poll(async () => (await h.app.db.select().from(orders).where(eq(orders.id, unpaid.id)))[0].status)
      .toBe('awaiting_shipment');
    const [payment] = await h.app.db.select().from(payments).where(eq(payments.orderId, unpaid.id));
    expect(payment).toMatchObject({ provider: 'transfer', status: 'paid', amountFen: unpaid.totalFen });
    await page.goto('/wdxx');
    await page.getByText('对公转账已确认').first().waitFor();
    await h.shot(page, 'transfer-confirmed-message');

    // Delivered and received (shipping is the shipping journey's): the store returns one unit;
    // the money goes back the way it came, by a bank transfer 财务 makes and records.
    await h.app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, unpaid.id));
    await page.goto(`/order/info/${unpaid.id}`);
    await page.getByTestId('order-after-sale').click();
    await page.getByTestId('after-sale-qty').first().fill('1');
    await page.getByTestId('after-sale-reason').fill('近效期，门店无法销售');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByTestId('order-status').getByText('售后申请中').waitFor();
    const admin = await h.newPage();
    await h.signInOperator(admin.page, 'admin');
    const list = await (await admin.page.request.get('/api/admin/after_sales?status=pending')).json();
    const request = list.data.find((a: { order_id: number }) => a.order_id === unpaid.id);
    const agreed = await admin.page.request.post(`/api/admin/after_sales/${request.id}`, {
      form: { approve: '1', note: '同意退货' },
    });
    expect(agreed.status()).toBe(200);
    await admin.context.close();

    const finance = await h.newPage();
    await h.signInOperator(finance.page, 'caiwu');
    await finance.page.getByTestId('admin-menu').getByRole('link', { name: '退款待办' }).click();
    const todo = finance.page
      .getByTestId('admin-refund-todos')
      .getByRole('row')
      .filter({ hasText: unpaid.orderNo });
    await todo.getByText('待转账').waitFor();
    await todo.getByRole('button', { name: '登记转出' }).click();
    const recordModal = finance.page.getByRole('dialog');
    await recordModal.getByLabel('银行流水号').fill('HZ20261128000123');
    await recordModal.getByLabel('转账日期').click();
    await recordModal.getByLabel('转账日期').fill(beijingDateOf(new Date(e2eStart())));
    await finance.page.locator('.ant-picker-dropdown:visible .ant-picker-cell-selected').click();
    await finance.page.locator('.ant-picker-dropdown').first().waitFor({ state: 'hidden' });
    await recordModal.getByRole('button', { name: /^登\s*记$/ }).click();
    await finance.page.getByText('已登记转出，门店会收到消息').waitFor();
    await todo.getByText('已转出').waitFor();
    await h.shot(finance.page, 'admin-transfer-refund-recorded');
    await finance.context.close();

    await page.goto('/wdxx');
    await page.getByText('退款已转出').first().waitFor();
    await page.getByText('HZ20261128000123', { exact: false }).first().waitFor();
    await h.shot(page, 'transfer-refund-message');
    expect(errors).toEqual([]);
    await buyer.context.close();
  });
});
