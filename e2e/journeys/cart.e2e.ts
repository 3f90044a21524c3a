import type { GoodsSummary } from '@yaocai/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmDialog, type Harness, startHarness } from '../support/harness';

let h: Harness;
let context: BrowserContext;
let page: Page;
let detailGoods: GoodsSummary;

beforeAll(async () => {
  // On a loaded machine the embedded database can miss Fastify's plugin start-up time: retry.
  for (let attempt = 1; ; attempt++) {
    try {
      h = await startHarness();
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  ({ context, page } = await h.newPage());
  const login = await context.request.post(`${h.baseUrl}/api/user/login`, {
    form: { username: '13800000001', password: 'Demo@123456' },
  });
  expect(login.ok()).toBe(true);
});
afterAll(async () => {
  await context?.close();
  await h?.close();
});

const lines = () => page.getByTestId('cart-line');
const cartState = async () =>
  (await (await context.request.get(`${h.baseUrl}/api/cart/list?filters=99999&new=1`)).json()).data as {
    data: {
      id: number;
      number: number;
      price: number;
      goods_manjian_id: number;
      goods: { id: number; name: string };
    }[];
  };

/** The line of a goods on the page (lines are grouped, so page order is not cart order). */
const lineOf = (name: string) => lines().filter({ hasText: name });

/** Types a quantity into a line's stepper and waits for the server's answer to show it. */
async function setQuantity(name: string, value: number) {
  const input = lineOf(name).getByTestId('cart-quantity');
  await input.fill(String(value));
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(String(value));
  // The page shows the typed value at once; wait for the server to hold it too.
  await expect
    .poll(async () => (await cartState()).data.find((l) => l.goods.name === name)?.number, {
      timeout: 30_000,
    })
    .toBe(value);
}

const text = async (testId: string, name: string) =>
  (await lineOf(name).getByTestId(testId).first().textContent()) ?? '';

describe.sequential('cart journey', () => {
  it('adds from the list and from the detail page; the badge and drawer follow', async () => {
    await page.goto('/search?keywords=amxl');
    const card = page.getByTestId('goods-card').filter({ has: page.getByTestId('add-to-cart') });
    await card.first().waitFor();
    const started = Date.now();
    await card.first().getByTestId('add-to-cart').click();
    await page.getByText('已加入购物车').first().waitFor();
    expect(Date.now() - started).toBeGreaterThanOrEqual(200);
    await expect.poll(async () => (await page.getByTestId('header-cart').textContent()) ?? '').toContain('1');
    await h.shot(page, 'cart-add-from-list');

    // From the detail page: a 满-tagged goods with stock enough to reach the tiers and free shipping.
    const found = await context.request.get(`${h.baseUrl}/api/goods/list?page_size=100&tag=满&in_stock=1`);
    const candidates = (await found.json()).data.list as GoodsSummary[];
    detailGoods =
      candidates.find(
        (g) =>
          g.is_buy &&
          g.in_scope !== false &&
          g.step_quantity === 1 &&
          (g.base_price ?? 0) >= 10 &&
          (g.base_price ?? 0) * g.number > 2000,
      ) ?? candidates[0];
    await page.goto(`/list/info/${detailGoods.id}`);
    await page.getByTestId('goods-detail').waitFor();
    await page.getByTestId('add-to-cart').first().click();
    await page
      .getByText('已加入购物车')
      .first()
      .waitFor({ timeout: 8000 })
      .catch(async (error) => {
        await h.shot(page, 'cart-debug-detail');
        throw error;
      });
    await expect.poll(async () => (await cartState()).data.length).toBe(2);

    await page.getByTestId('side-cart').click();
    await page.getByTestId('cart-drawer-lines').waitFor();
    expect(await page.getByTestId('cart-drawer-lines').locator('li').count()).toBe(2);
    await h.shot(page, 'cart-drawer');
  });

  it('shows step 1 with the drawer shut, and changes the unit price across ladder tiers', async () => {
    await page.goto('/cart');
    await page.getByTestId('cart-steps').waitFor();
    await expect.poll(() => lines().count()).toBe(2);
    // The page shows the list: the drawer does not open over it (issue 30; layout.e2e measures it).
    expect(await page.getByTestId('side-bar').getAttribute('data-open')).toBe('false');
    // The 满减 tag follows the activity's coverage, not the line's coupon eligibility: the
    // 满-tagged goods carries it, and each line shows it exactly when the server says it is covered.
    const state = await cartState();
    expect(state.data.find((l) => l.goods.id === detailGoods.id)?.goods_manjian_id).toBeGreaterThan(0);
    for (const l of state.data)
      expect(await lineOf(l.goods.name).getByTestId('cart-manjian-tag').count(), l.goods.name).toBe(
        l.goods_manjian_id > 0 ? 1 : 0,
      );
    await h.shot(page, 'cart-step1');

    const name = detailGoods.name;
    const before = await text('cart-unit-price', name);
    const next = await text('cart-next-tier', name);
    expect(next).toMatch(/再买\d+.+单价降至¥/);
    const target =
      Number(/再买(\d+)/.exec(next)?.[1]) +
      Number(await lineOf(name).getByTestId('cart-quantity').inputValue());
    await setQuantity(name, target);
    await expect.poll(() => text('cart-unit-price', name)).not.toBe(before);
    expect(await text('cart-tier', name)).toContain('已享阶梯价');
    await h.shot(page, 'cart-ladder-tier');
  });

  it('reaches a full-reduction tier and free shipping', async () => {
    const tierBefore = (await page.getByTestId('tier-text').textContent()) ?? '';
    // Enough for ¥1000 of 满-tagged goods: past 满500 and 满1000, and past ¥800 free shipping.
    const price = detailGoods.base_price ?? 10;
    await setQuantity(
      detailGoods.name,
      Math.min(detailGoods.number, Math.ceil(1100 / Math.min(price, Math.max(1, price * 0.8)))),
    );
    await expect
      .poll(async () => (await page.getByTestId('free-shipping').textContent()) ?? '')
      .toContain('本单包邮');
    await expect
      .poll(async () => (await page.getByTestId('tier-text').textContent()) ?? '')
      .toContain('已减');
    expect(tierBefore).not.toBe(await page.getByTestId('tier-text').textContent());
    // The bar says what counts towards the tiers: the activity's goods, not the whole cart.
    expect(await page.getByTestId('tier-text').textContent()).toMatch(/^活动商品已选¥\d+\.\d{2}，已减¥/);
    expect(await page.getByTestId('cart-reduction').textContent()).toMatch(/满减：-¥\d/);
    await h.shot(page, 'cart-full-reduction-free-shipping');
  });

  it('holds a typed quantity above stock to the stock', async () => {
    const input = lineOf(detailGoods.name).getByTestId('cart-quantity');
    await input.fill('99999999');
    await input.press('Enter');
    // waitForLoadState('networkidle') answers at once when the page was idle before, which read
    // the cart before the edit landed on a loaded machine: poll until the page and the server
    // agree on a quantity held below the typed one.
    const serverNumber = async () =>
      (await cartState()).data.find((l) => l.goods.id === detailGoods.id)?.number ?? 0;
    await expect
      .poll(async () => (await serverNumber()) === Number(await input.inputValue()), { timeout: 30_000 })
      .toBe(true);
    expect(await serverNumber()).toBeLessThan(99999999);
  });

  it('copies the selected lines to another store of the company', async () => {
    await page.getByTestId('cart-copy').click();
    const stores = page.getByTestId('copy-stores');
    await stores.waitFor();
    // The modal may still be animating in when the first click lands, so click until the box
    // reads checked rather than trusting one click.
    const firstStore = stores.getByRole('checkbox').first();
    await expect
      .poll(async () => {
        if (!(await firstStore.isChecked())) await stores.locator('label').first().click();
        return firstStore.isChecked();
      })
      .toBe(true);
    await h.shot(page, 'cart-copy-modal');
    await page.getByRole('button', { name: '确定复制' }).click();
    await page.getByText(/已将2种商品复制到1家门店/).waitFor();
  });

  it('goes to step 2 only when checkout accepts', async () => {
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL(/\/cart\/step2\?ids=/);
    await page.goBack();
    await page.getByTestId('cart-page').waitFor();
  });

  it('deletes with confirmation, down to the empty cart', async () => {
    await expect.poll(() => lines().count()).toBe(2);
    await lines().first().getByTestId('cart-delete').click();
    // The confirm dialog loads lazily: wait for it before clicking in it.
    const confirm = page.locator('.ant-modal-confirm').filter({ hasText: '确定删除该商品吗?' });
    await confirm.waitFor();
    await h.shot(page, 'cart-delete-confirm');
    // A press while the dialog zooms in is lost (CI saw the second one missed): confirmDialog
    // presses again while the dialog stays open.
    await confirmDialog(page);
    await expect.poll(() => lines().count()).toBe(1);
    await lines().first().getByTestId('cart-delete').click();
    await confirm.waitFor();
    await confirmDialog(page);
    await page.getByText('购物车空空如也~').first().waitFor();
    await expect.poll(async () => (await page.getByTestId('header-cart').textContent()) ?? '').toContain('0');
    await h.shot(page, 'cart-empty');
  });
});
