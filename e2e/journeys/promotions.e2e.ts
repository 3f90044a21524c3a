import type { CartState } from '@yaocai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('promotion pages', () => {
  it('a visitor sees the packages of /zhzq without prices; a buyer adds one as a single cart line', async () => {
    const visitor = await h.newPage();
    await visitor.page.goto('/zhzq');
    await visitor.page.getByRole('heading', { name: '组合专区' }).waitFor();
    await visitor.page.getByTestId('combination-card').first().waitFor();
    await visitor.page.getByRole('button', { name: '登录后购买' }).first().waitFor();
    await visitor.context.close();

    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto('/zhzq');
    const card = page.getByTestId('combination-card').filter({ hasText: '感冒常备组合' });
    await card.getByText('套餐价').waitFor();
    await card.getByRole('spinbutton', { name: '感冒常备组合购买套数' }).fill('2');
    await h.shot(page, 'zhzq');
    await card.getByTestId('combination-add').click();
    await page.getByText('套餐已加入购物车').waitFor();
    const state = (await (await context.request.get(`${h.baseUrl}/api/cart/list`)).json()).data as CartState;
    const line = state.data.find((l) => l.is_combination && l.combination?.name === '感冒常备组合');
    expect(line?.number).toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/yyh gathers the live promotions and /yyh/list lists the goods on them', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/yyh');
    await page.getByRole('heading', { name: '优医汇' }).waitFor();
    await page.getByTestId('promotion-hub-item').filter({ hasText: '领券中心' }).waitFor();
    await page.getByTestId('promotion-hub-item').filter({ hasText: '满减' }).first().waitFor();
    await h.shot(page, 'yyh');
    await page.getByRole('button', { name: '查看全部活动商品' }).click();
    await page.getByTestId('list-title').getByText('优医汇 · 活动商品').waitFor();
    await page.getByTestId('goods-card').first().waitFor();
    await h.shot(page, 'yyh-list');
    expect(errors).toEqual([]);
    await context.close();
  });
});
