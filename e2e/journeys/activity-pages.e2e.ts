import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import {
  collectConsoleErrors,
  confirmDialog,
  expectRefusal,
  type Harness,
  startHarness,
} from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

interface Summary {
  id: number;
  title: string;
  template: string;
  phase: string;
}

describe('activity pages (专题/活动页)', () => {
  let builtId = 0;

  it('运营 builds a page from sections in the console, previews it as a store and publishes it', async () => {
    const { page } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInOperator(page, 'yunying');
    await page.getByTestId('admin-menu').getByRole('link', { name: '活动页' }).click();
    const table = page.getByTestId('admin-activity-pages');
    await table.getByText('冬季感冒专场', { exact: true }).waitFor();
    await h.shot(page, 'activity-admin-list');

    await page.getByTestId('admin-activity-page-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('页面标题').fill('药采E2E感冒专场');
    const sections = dialog.getByTestId('admin-section');
    await dialog.getByTestId('admin-add-banner').click();
    await sections.nth(0).getByLabel('横幅图片地址').fill('/media/ads/1.svg');
    await dialog.getByTestId('admin-add-goods').click();
    await sections.nth(1).getByLabel('楼层标题').fill('感冒清热');
    const goodsSelect = sections.nth(1).getByLabel('楼层商品');
    await goodsSelect.click();
    await goodsSelect.fill('感冒');
    // An option of the search's answer (not of the list shown before it), and its tag once chosen.
    const option = page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '感冒' })
      .first();
    await option.waitFor();
    await option.click();
    await sections.nth(1).locator('.ant-select-selection-item').first().waitFor();
    await page.keyboard.press('Escape');
    await dialog.getByTestId('admin-add-countdown').click();
    await sections.nth(2).getByLabel('倒计时标题').fill('距专场结束');
    // Move the countdown above the goods floor.
    await sections.nth(2).getByRole('button', { name: '上移' }).click();
    await expect.poll(() => sections.nth(1).locator('.ant-card-head-title').textContent()).toBe('2. 倒计时');
    await h.shot(page, 'activity-admin-editor');
    const saved = page.waitForResponse(
      (r) => r.request().method() === 'POST' && new URL(r.url()).pathname === '/api/admin/activity-pages',
    );
    await dialog.getByRole('button', { name: '保 存' }).click();
    const answer = await saved;
    expect(answer.status(), await answer.text()).toBe(200);
    await dialog.waitFor({ state: 'hidden' });
    const row = table.locator('tr', { hasText: '药采E2E感冒专场' });
    await row.getByText('草稿').first().waitFor();

    const list = await page.request.get('/api/admin/activity-pages');
    const built = ((await list.json()).data as Summary[]).find((p) => p.title === '药采E2E感冒专场');
    expect(built).toBeDefined();
    builtId = built!.id;

    // A draft is 404 to buyers.
    expect((await page.request.get(`/api/activity-pages/${builtId}`)).status()).toBe(404);

    await row.getByRole('button', { name: '预览' }).click();
    const drawer = page.locator('.ant-drawer-content');
    const store = drawer.getByRole('combobox', { name: '预览门店' });
    await store.click();
    await store.fill('文三路');
    await page
      .locator('.ant-select-dropdown:visible')
      .getByText('仁心大药房（文三路总店）', { exact: false })
      .click();
    const previewGoods = drawer.getByTestId('admin-preview-goods');
    await previewGoods.locator('tbody tr').first().waitFor();
    await expect.poll(() => previewGoods.locator('tbody tr').first().textContent()).toMatch(/¥\d+\.\d{2}/);
    await h.shot(page, 'activity-admin-preview');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: '发布' }).click();
    await confirmDialog(page);
    await row.getByText('进行中').waitFor();
    await h.shot(page, 'activity-admin-published');
    expect(errors).toEqual([]);
  });

  it('a buyer finds it in 活动专区, opens it through its activity link, and browses 活动中心 tabs', async () => {
    const { context, page } = await h.newPage();
    await h.signInBuyer(context, '13800000001');
    await page.goto('/yjh');
    const tiles = page.getByTestId('activity-tile');
    await expect.poll(() => tiles.count()).toBeGreaterThanOrEqual(2);
    await tiles.filter({ hasText: '药采E2E感冒专场' }).getByRole('timer').waitFor();
    await h.shot(page, 'activity-zone-list');
    expect(await axeViolations(page)).toEqual([]);

    await tiles.filter({ hasText: '冬季感冒专场' }).click();
    const activity = page.getByTestId('activity-page');
    await activity.getByTestId('goods-card').first().waitFor();
    expect(await activity.getByTestId('countdown').count()).toBeGreaterThan(0);
    await h.shot(page, 'activity-zone-page');

    await page.goto(`/activity/${builtId}`);
    await page.waitForURL(`**/zqmb?id=${builtId}`);
    await activity.getByRole('heading', { name: '药采E2E感冒专场' }).waitFor();
    await activity.getByTestId('goods-card').first().waitFor();
    await h.shot(page, 'activity-link-opened');

    const seeded =
      ((await (await page.request.get('/api/activity-pages?ids=1,2,3')).json()).data as Summary[]) ?? [];
    const [zone, event] = [
      seeded.find((p) => p.template === 'zqmb'),
      seeded.find((p) => p.template === 'hdmb'),
    ];
    await page.goto(`/Hdzx/${zone!.id},${event!.id}`);
    await page.getByRole('tab', { name: '家用器械换季节' }).click();
    await page.waitForURL(`**/Hdzx/${zone!.id},${event!.id}/${event!.id}`);
    await page.getByTestId('activity-coupon').first().waitFor();
    await h.shot(page, 'activity-centre-tabs');
    expect(await axeViolations(page)).toEqual([]);
  });

  it('links to a page not started, a paused page, a hash and an unknown activity each say what they should', async () => {
    const { context, page } = await h.newPage();
    await h.signInBuyer(context, '13800000001');
    const seeded = (await (await page.request.get('/api/activity-pages?ids=1,2,3')).json()).data as Summary[];
    const upcoming = seeded.find((p) => p.phase === 'upcoming');
    await page.goto(`/activity/${upcoming!.id}`);
    await page.getByTestId('activity-inactive').getByText('活动暂未开始').waitFor();
    await page.getByRole('timer').first().waitFor();
    await h.shot(page, 'activity-not-started');

    await page.goto(`/activity/${encodeURIComponent('#敬请期待')}`);
    await page.getByTestId('activity-alert').getByText('敬请期待').waitFor();
    await h.shot(page, 'activity-hash-alert');

    await page.goto('/activity/nope');
    await page.waitForURL('**/noActivity');
    await page.getByText('活动不存在').first().waitFor();
    await page.getByRole('button', { name: '返回首页' }).waitFor();
    await h.shot(page, 'activity-unknown');
    // A link whose id list is not one: the server refuses it (422) and the page says so.
    expectRefusal(422, /^\/api\/activity-pages$/);
    await page.goto('/Hdzx/abc');
    await page.waitForURL('**/noActivity');

    const op = await h.newPage();
    await h.signInOperator(op.page, 'yunying');
    const paused = await op.page.request.post(`/api/admin/activity-pages/${builtId}/status`, {
      data: { status: 'paused' },
    });
    expect(paused.status()).toBe(200);
    await page.goto(`/activity/${builtId}`);
    await page.getByTestId('activity-alert').getByText('活动未开始').waitFor();
    await h.shot(page, 'activity-paused-alert');
  });
});
