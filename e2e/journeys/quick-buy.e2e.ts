import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function cartNames(context: BrowserContext): Promise<string[]> {
  const response = await context.request.get(`${h.baseUrl}/api/cart/list`);
  const body = (await response.json()) as { data: { list: { goods_name?: string; name?: string }[] } };
  return JSON.stringify(body.data).match(/"(?:goods_name|name)":"([^"]+)"/g) ?? [];
}

describe('快捷采购', () => {
  it('the demo store buys again from its history and orders five pasted lines (a pinyin one and an unknown one)', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto('/kjcg');
    await page.getByTestId('quick-buy-page').waitFor();
    // The demo orders were paid: their goods are listed with the last price and today's price.
    const row = page
      .getByTestId('fast-buy-row')
      .filter({ has: page.getByTestId('fast-buy-add') })
      .first();
    await row.waitFor();
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    await h.shot(page, 'quick-buy-history');
    await row.getByTestId('fast-buy-add').click();
    await page.getByText(/已加入购物车1种商品/).waitFor();

    await page.getByRole('tab', { name: '快速下单' }).click();
    await page
      .getByTestId('quick-order-text')
      .fill(
        ['阿莫西林胶囊 20', 'lhqwkl 10', '国药准字H13023947 5', '布洛芬缓释胶囊 2', '火星特效药 1'].join(
          '\n',
        ),
      );
    await page.getByTestId('quick-order-match').click();
    await page.getByTestId('quick-order-summary').waitFor();
    const line = (n: number) => page.getByTestId('quick-order-line').nth(n);
    expect(await line(1).getAttribute('data-status')).toBe('matched');
    await line(1)
      .getByText(/连花清瘟颗粒/)
      .waitFor();
    expect(await line(2).getAttribute('data-status')).toBe('matched');
    await line(2)
      .getByText(/青霉素V钾片/)
      .waitFor();
    expect(await line(4).getAttribute('data-status')).toBe('none');
    await line(4).getByText('未找到匹配的在售商品，可发起品种求购').waitFor();
    // Two makers of 阿莫西林胶囊: the store chooses one.
    expect(await line(0).getAttribute('data-status')).toBe('choose');
    await line(0).getByTestId('quick-order-choose').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await h.shot(page, 'quick-order-matched');
    const addAll = page.getByTestId('quick-order-add');
    expect(await addAll.isEnabled()).toBe(true);
    expect(await addAll.textContent()).toContain('（4）');
    await addAll.click();
    await page.getByText('已加入购物车4种商品').waitFor();

    const names = (await cartNames(context)).join(' ');
    expect(names).toContain('连花清瘟颗粒');
    expect(names).toContain('青霉素V钾片');
    expect(names).toContain('阿莫西林胶囊');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a sheet of more than 200 lines is refused with the reason', async () => {
    const { page, context } = await h.newPage();
    await h.signInBuyer(context, '13800000001');
    await page.goto('/kjcg');
    await page.getByRole('tab', { name: '快速下单' }).click();
    const csv = Array.from({ length: 250 }, (_, i) => `药品${i},1`).join('\n');
    expectRefusal(422, /^\/api\/user\/quick_order\/file$/);
    await page
      .getByTestId('quick-order')
      .locator('input[type=file]')
      .setInputFiles({ name: 'big.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByTestId('quick-order-error').getByText('一次最多200行，文件有250行，请分批采购').waitFor();
    await context.close();
  });
});
