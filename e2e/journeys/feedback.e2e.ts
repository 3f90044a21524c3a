import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('feedback', () => {
  it('a store sends feedback with a picture at /yjfk; 客服 answers in the console; the store reads the answer', async () => {
    const buyer = await h.newPage();
    const errors = collectConsoleErrors(buyer.page);
    // An incomplete feedback is refused on purpose.
    expectRefusal(422, /^\/api\/(user\/)?feedback/);
    await h.signInBuyer(buyer.context, '13800000001');
    await buyer.page.goto('/yjfk');
    await buyer.page.getByTestId('feedback-page').waitFor();
    await buyer.page.getByLabel('物流配送').check();
    await buyer.page.getByTestId('feedback-content').fill('短');
    await buyer.page.getByTestId('feedback-submit').click();
    await buyer.page.getByText('反馈内容至少5个字').first().waitFor();
    await buyer.page.getByTestId('feedback-content').fill('最近两单外箱有破损，希望加强包装');
    await buyer.page
      .getByTestId('feedback-page')
      .locator('input[type=file]')
      .setInputFiles({
        name: 'box.png',
        mimeType: 'image/png',
        // A 1x1 PNG.
        buffer: Buffer.from(
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
          'base64',
        ),
      });
    await buyer.page.getByTestId('feedback-photos').getByRole('img', { name: 'box.png' }).waitFor();
    await buyer.page.getByTestId('feedback-submit').click();
    await buyer.page
      .getByTestId('feedback-item')
      .filter({ hasText: '最近两单外箱有破损' })
      .getByText('待回复')
      .waitFor();
    await h.shot(buyer.page, 'feedback-sent');

    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'kefu');
    await page.getByTestId('admin-menu').getByRole('link', { name: '意见反馈' }).click();
    const row = page.getByRole('row', { name: /最近两单外箱有破损/ });
    await row.waitFor();
    expect(await row.locator('img').count()).toBe(1);
    await h.shot(page, 'admin-feedback');
    await row.getByRole('button', { name: /回\s?复/ }).click();
    await page.getByTestId('admin-feedback-reply').fill('已安排仓库更换加厚纸箱，感谢您的反馈');
    await page.getByRole('button', { name: '发送回复' }).click();
    await page.getByText('已回复，门店会收到消息').waitFor();
    await context.close();

    await buyer.page.reload();
    await buyer.page
      .getByTestId('feedback-reply')
      .getByText(/已安排仓库更换加厚纸箱/)
      .waitFor();
    await h.shot(buyer.page, 'feedback-answered');
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await buyer.context.close();
  });
});
