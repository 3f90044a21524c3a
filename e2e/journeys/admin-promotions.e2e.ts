import type { CartState, GoodsSummary } from '@yaocai/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('console: full-reduction activities', () => {
  it('a 运营 operator pauses the demo activity and runs a new one; the buyer’s cart takes it at once', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    // A reduction as large as its threshold is refused on purpose.
    expectRefusal(422, /^\/api\/admin\/manjian/);
    await h.signInOperator(page, 'yunying');
    await page.getByTestId('admin-menu').getByRole('link', { name: '满减活动' }).click();
    const table = page.getByTestId('admin-manjian');
    const demo = table.getByRole('row', { name: /满减专区/ });
    await demo.getByText('进行中').waitFor();
    await demo.getByRole('button', { name: '暂停' }).click();
    await demo.getByText('已暂停').waitFor();

    await page.getByTestId('admin-manjian-new').click();
    await page.getByTestId('admin-manjian-name').fill('冬季满减');
    // A reduction as large as its threshold is refused with the field's message.
    await page.getByRole('spinbutton', { name: '减（元）' }).fill('600');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    await page.getByText('减额须小于满额').first().waitFor();
    await page.getByRole('spinbutton', { name: '满（元）' }).fill('100');
    await page.getByRole('spinbutton', { name: '减（元）' }).fill('30');
    await h.shot(page, 'admin-manjian-form');
    await page.getByRole('button', { name: /保\s?存/ }).click();
    const created = table.getByRole('row', { name: /冬季满减/ });
    await created.getByText('进行中').waitFor();
    await created.getByText('满100减30').waitFor();
    await h.shot(page, 'admin-manjian-list');

    // A buyer with ¥100 or more of goods in the cart gets ¥30 off from 冬季满减.
    const shop = await h.newPage();
    const api = shop.context.request;
    expect(
      (
        await api.post(`${h.baseUrl}/api/user/login`, {
          form: { username: '13800000001', password: 'Demo@123456' },
        })
      ).ok(),
    ).toBe(true);
    const goods = (await (await api.get(`${h.baseUrl}/api/goods/list?page_size=40`)).json()).data
      .list as GoodsSummary[];
    // Twice the threshold at the base price, so ladder prices still reach ¥100; not at a special
    // price (特 每日特价, 秒 flash sale), which takes no 满减 (the stacking matrix).
    const pick = goods.find(
      (g) =>
        g.is_buy &&
        !g.ephedrine &&
        !g.tags.includes('特') &&
        !g.tags.includes('秒') &&
        g.in_scope !== false &&
        (g.base_price ?? 0) >= 20 &&
        (g.base_price ?? 0) <= 200,
    );
    if (!pick?.base_price) throw new Error('no goods to buy');
    const units = Math.max(pick.min_quantity, Math.ceil(200 / pick.base_price));
    const number = Math.ceil(units / pick.step_quantity) * pick.step_quantity;
    expect(pick.number).toBeGreaterThanOrEqual(number);
    const added = await api.post(`${h.baseUrl}/api/cart`, {
      form: { 'params[0][goods_id]': String(pick.id), 'params[0][number]': String(number) },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const state = (await (await api.get(`${h.baseUrl}/api/cart/list`)).json()).data as CartState;
    expect(state.activity_data.manjians?.name).toBe('冬季满减');
    expect(state.activity_data.activities.map((a) => a.name)).toEqual(['冬季满减']);
    expect(state.data[0].goods_manjian_id).toBe(state.activity_data.activities[0].id);
    expect(state.summary.reduction).toBe(30);
    await shop.page.goto('/cart');
    await shop.page.getByTestId('cart-steps').waitFor();
    await shop.page.getByText('冬季满减').first().waitFor();
    await h.shot(shop.page, 'cart-new-manjian');
    await shop.context.close();
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await context.close();
  });
});
