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

describe('console: promotions rendered from the rule registry', () => {
  it('a 运营 operator runs 第二件半价 on one goods; the buyer’s cart prices the second unit at half', async () => {
    // The goods: one a buyer may buy 2 of at its base price, no special price on it.
    const shop = await h.newPage();
    const api = shop.context.request;
    await h.signInBuyer(shop.context, '13800000001');
    const goods = (await (await api.get(`${h.baseUrl}/api/goods/list?page_size=40`)).json()).data
      .list as GoodsSummary[];
    const pick = goods.find(
      (g) =>
        g.is_buy &&
        !g.ephedrine &&
        !g.tags.includes('特') &&
        !g.tags.includes('秒') &&
        g.in_scope !== false &&
        g.min_quantity <= 2 &&
        g.step_quantity === 1 &&
        g.number >= 2 &&
        (g.base_price ?? 0) >= 2,
    );
    if (!pick) throw new Error('no goods to buy');

    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    expectRefusal(422, /^\/api\/admin\/promotions/);
    await h.signInOperator(page, 'yunying');
    await page.getByTestId('admin-menu').getByRole('link', { name: '促销活动' }).click();
    const table = page.getByTestId('admin-promotions');
    await page.getByTestId('admin-promotions-new').click();
    const dialog = page.getByRole('dialog');
    // The kind's fields come from its editor description: 第二件半价 has a percent and a count.
    await dialog.getByTestId('admin-promotion-stacking').getByText('福利折扣').waitFor();
    await page.getByTestId('admin-promotion-name').fill('限时第二件半价');
    // 100% is out of the rule's range: its own Chinese message shows under the field.
    await dialog.getByRole('spinbutton', { name: '第二件按原价的（%）' }).fill('100');
    await dialog.getByTestId('coverage-all').click();
    const goodsSelect = dialog.getByRole('combobox', { name: '指定商品' });
    await goodsSelect.click();
    await goodsSelect.fill(pick.name);
    // The search's answer: the goods by its name and specification.
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', {
        hasText: `${pick.name} ${pick.ypgg}`,
      })
      .first();
    await option.click();
    await dialog.locator('.ant-select-selection-item', { hasText: pick.name }).waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    await dialog.getByText('第二件折扣须为0到99的整数').waitFor();
    await dialog.getByRole('spinbutton', { name: '第二件按原价的（%）' }).fill('50');
    await dialog.getByRole('spinbutton', { name: '每行最多优惠件数' }).fill('1');
    await h.shot(page, 'admin-promotion-kinds-form');
    await dialog.getByRole('button', { name: /保\s?存/ }).click();
    const created = table.getByRole('row', { name: /限时第二件半价/ });
    await created.getByText('进行中').waitFor();
    await created.getByText('第二件按原价的（%）：50%').waitFor();
    await created.getByText('范围：1个商品').waitFor();
    await h.shot(page, 'admin-promotion-kinds-list');

    // Two units in the cart: the second at half its price, shown on the line.
    const added = await api.post(`${h.baseUrl}/api/cart`, {
      form: { 'params[0][goods_id]': String(pick.id), 'params[0][number]': '2' },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const state = (await (await api.get(`${h.baseUrl}/api/cart/list`)).json()).data as CartState;
    const line = state.data.find((l) => l.goods.id === pick.id);
    if (!line?.price) throw new Error('the goods is not in the cart');
    const unitFen = Math.round(line.price * 100);
    const savingFen = unitFen - Math.floor(unitFen / 2);
    expect(line.special).toMatchObject({ code: 'second_half', label: '限时第二件半价', units: 1 });
    expect(Math.round((line.special?.saving ?? 0) * 100)).toBe(savingFen);
    expect(Math.round((line.subtotal ?? 0) * 100)).toBe(2 * unitFen - savingFen);
    await shop.page.goto('/cart');
    const row = shop.page.getByTestId('cart-line').filter({ hasText: pick.name });
    await row.getByTestId('cart-special').getByText('限时第二件半价').waitFor();
    expect(await row.getByTestId('cart-special').textContent()).toBe(
      `限时第二件半价省¥${(savingFen / 100).toFixed(2)}`,
    );
    await h.shot(shop.page, 'cart-second-half');

    // Paused in the console, the cart stops taking it at once.
    await created.getByRole('button', { name: '暂停' }).click();
    await created.getByText('已暂停').waitFor();
    await page.getByTestId('admin-promotions-status-filter').click();
    await page.locator('.ant-select-item-option', { hasText: '进行中' }).click();
    await created.waitFor({ state: 'detached' });
    const after = (await (await api.get(`${h.baseUrl}/api/cart/list`)).json()).data as CartState;
    expect(after.data.find((l) => l.goods.id === pick.id)?.special).toBeNull();
    await shop.context.close();
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
    await context.close();
  });
});
