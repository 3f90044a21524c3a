import type { Page as ListPage, OrderSummaryView } from '@yaocai/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceImage } from '../../apps/server/src/lib/png';
import { expectRefusal, type Harness, phone, startHarness } from '../support/harness';
import { drawPng } from '../support/images';

// The mobile site's account and after-sale screens on a phone (375 x 812, touch): registration
// with licence photos from the camera input, password reset, addresses, messages and an
// after-sale request. One server and browser for the file; each journey its own context.

const BUYER = '13800000001';
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Waits until the server has sent a code to the phone, and returns it. */
async function smsCodeFor(to: string) {
  await expect.poll(() => h.app.sms.lastCode(to), { timeout: 10_000 }).toBeTruthy();
  return h.app.sms.lastCode(to) as string;
}

/** The phone's width changes to `width`, the screen is shot, and it goes back to 375 px. */
async function shotAt(page: Page, name: string, width = 375) {
  await page.setViewportSize({ width, height: 812 });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} at ${width} px`).toBeLessThanOrEqual(0);
  await h.shot(page, name);
  if (width !== 375) await page.setViewportSize({ width: 375, height: 812 });
}

/** Picks a province, its first city and first district in the region field's cascader. */
async function pickRegion(page: Page, testId: string, province: string) {
  await page.getByTestId(testId).click();
  const picker = page.locator('.adm-cascader');
  await picker.waitFor();
  const list = picker.locator('.adm-cascader-view-content:visible');
  await list.getByText(province, { exact: true }).click();
  // Each choice opens the next level's list in a tab of its own, titled 请选择 until chosen.
  for (let level = 2; level <= 3; level++) {
    await expect.poll(() => picker.locator('.adm-tabs-tab').count()).toBe(level);
    await picker.locator('.adm-tabs-tab-active').getByText('请选择').waitFor();
    await list.locator('.adm-check-list-item').first().click();
  }
  await picker.getByText('确定').click();
  await picker.waitFor({ state: 'hidden' });
}

const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

describe('the mobile account screens', () => {
  it('a visitor registers with licence photos and ends in the pending-review state', async () => {
    const { context, page } = await h.newPage(phone);
    const mobile = '13912345601';
    await page.goto('/m/login');
    await page.getByRole('link', { name: '注册账号' }).click();
    await page.waitForURL(/\/m\/register$/);

    // Step 1: a wrong confirmation comes back as the PC's field message, at its field.
    await field(page, '手机号码').fill(mobile);
    await page.getByTestId('sms-send').click();
    const code = await smsCodeFor(mobile);
    await expect.poll(() => page.getByTestId('sms-send').textContent()).toMatch(/秒后重新获取/);
    await field(page, '短信验证码').fill(code);
    await field(page, '登录密码').fill('Mobile123');
    await field(page, '确认密码').fill('Mobile124');
    await shotAt(page, 'h5-register-320', 320);
    expectRefusal(422, /^\/api\/register\/verify$/);
    await page.getByRole('button', { name: '下一步' }).click();
    await page.locator('[data-field="confirm_password"]').getByText('两次输入的密码不一致').waitFor();
    await shotAt(page, 'h5-register-error');
    await field(page, '确认密码').fill('Mobile123');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 2: the company, its region from the wheel picker, the business scope.
    await field(page, '企业名称').waitFor();
    await field(page, '企业名称').fill('杭州掌上康大药房有限公司');
    await field(page, '联系人').fill('周掌柜');
    await field(page, '联系电话').fill(mobile);
    await pickRegion(page, 'register-region', '浙江省');
    await field(page, '详细地址').fill('文三路 100 号 1 楼');
    await page.getByRole('button', { name: '非处方药' }).click();
    await page.getByRole('button', { name: '中成药' }).click();
    await shotAt(page, 'h5-register-company');
    await page.getByRole('button', { name: '下一步' }).click();

    // Step 3: the licence, its photo set on the camera input.
    await field(page, '证件1编号').waitFor();
    await field(page, '证件1编号').fill('91330106MA2H5M0001');
    await page.getByText('长期有效').click();
    const camera = page.getByLabel('拍摄证件1照片');
    expect(await camera.getAttribute('capture')).toBe('environment');
    await camera.setInputFiles({ name: '营业执照.png', mimeType: 'image/png', buffer: licenceImage(31) });
    await page.getByRole('img', { name: '证件1照片1' }).waitFor();
    await shotAt(page, 'h5-register-licence');
    await page.getByRole('button', { name: '提交注册' }).click();

    // The pending-review state the PC shows: the company, its licences waiting for review.
    await expect
      .poll(() => page.getByTestId('register-success-company').textContent())
      .toBe('杭州掌上康大药房有限公司');
    await page.getByText('资质已提交，审核通过后即可下单采购').waitFor();
    await shotAt(page, 'h5-register-done');
    await page.getByRole('button', { name: '进入首页' }).click();
    await page.goto('/m/mine');
    await page.getByTestId('mine-pending').waitFor();
    const base = (await (await context.request.get('/api/user/base')).json()).data;
    expect(base).toMatchObject({ is_login: true, is_passed: false, company: '杭州掌上康大药房有限公司' });
    await context.close();
  });

  it('a buyer resets the password and logs in with the new one', async () => {
    const { context, page } = await h.newPage(phone);
    const mobile = '13800000003';
    await page.goto('/m/login');
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL(/\/m\/forget$/);
    await field(page, '手机号码').fill(mobile);
    await page.getByTestId('sms-send').click();
    await field(page, '短信验证码').fill(await smsCodeFor(mobile));
    await page.getByRole('button', { name: '下一步' }).click();
    await field(page, '新密码').fill('Reset2026x');
    await field(page, '确认新密码').fill('Reset2026x');
    await shotAt(page, 'h5-forget');
    await page.getByRole('button', { name: '确认修改' }).click();
    await page.getByText('密码重置成功').waitFor();
    await page.getByRole('button', { name: '立即登录' }).click();
    await page.waitForURL(/\/m\/login$/);
    await page.getByPlaceholder('手机号或用户名').fill(mobile);
    await page.getByPlaceholder('密码').fill('Reset2026x');
    await page.getByRole('button', { name: /登\s*录/ }).click();
    await page.waitForURL(/\/m\/?$/);
    const base = (await (await context.request.get('/api/user/base')).json()).data;
    expect(base.is_login).toBe(true);
    await context.close();
  });

  describe('as the demo buyer', () => {
    let context: BrowserContext;
    let page: Page;
    beforeAll(async () => {
      ({ context, page } = await h.newPage(phone));
      await h.signInBuyer(context, BUYER);
    });
    afterAll(() => context?.close());

    it('adds an address and edits it', async () => {
      await page.goto('/m/addresses');
      await page.getByTestId('address').first().waitFor();
      const before = await page.getByTestId('address').count();
      await page.getByRole('button', { name: '新增收货地址' }).click();
      await page.waitForURL(/\/m\/addresses\/new$/);
      // Saved without a region: the form says so at the field.
      await field(page, '收货人').fill('吴店长');
      await field(page, '联系电话').fill('13700001111');
      await field(page, '详细地址').fill('解放路 8 号');
      await page.getByRole('button', { name: '保存' }).click();
      await page.locator('[data-field="region"]').getByText('请选择所在地区').waitFor();
      await pickRegion(page, 'address-region', '天津市');
      await expect.poll(() => page.locator('[data-field="region"]').count()).toBe(0);
      await shotAt(page, 'h5-address-form');
      await page.getByRole('button', { name: '保存' }).click();
      await page.waitForURL(/\/m\/addresses$/);
      await expect.poll(() => page.getByTestId('address').count()).toBe(before + 1);
      const added = page.getByTestId('address').filter({ hasText: '吴店长' });
      await added.getByText(/天津市.*解放路 8 号/).waitFor();

      await added.getByRole('button', { name: '编辑' }).click();
      await page.waitForURL(/\/m\/addresses\/\d+\/edit$/);
      await expect.poll(() => field(page, '详细地址').inputValue()).toBe('解放路 8 号');
      await field(page, '详细地址').fill('解放路 18 号 2 楼');
      await page.getByRole('button', { name: '保存' }).click();
      await page.waitForURL(/\/m\/addresses$/);
      await page
        .getByTestId('address')
        .filter({ hasText: '吴店长' })
        .getByText(/解放路 18 号 2 楼/)
        .waitFor();
      await shotAt(page, 'h5-addresses');
    });

    it('opens a message from 我的 and sees it read', async () => {
      await page.goto('/m/mine');
      await page.getByText('消息', { exact: true }).click();
      await page.waitForURL(/\/m\/messages$/);
      const list = page.getByTestId('messages');
      await list.and(page.locator('[aria-busy="false"]')).waitFor();
      const unread = page.getByTestId('message').filter({ has: page.getByRole('img', { name: '未读' }) });
      const first = unread.first();
      const title = (await first.locator('.m-message__title').textContent()) as string;
      await shotAt(page, 'h5-messages');
      await first.getByRole('button').click();
      const opened = page.getByTestId('message').filter({ hasText: title }).first();
      await expect.poll(() => opened.getByRole('img', { name: '未读' }).count()).toBe(0);
      await shotAt(page, 'h5-message-open');
      // A tab of one category, then all read.
      await page.getByRole('tab', { name: /订单消息/ }).click();
      await list.and(page.locator('[aria-busy="false"]')).waitFor();
      await page.getByRole('button', { name: '全部已读' }).click();
      await expect.poll(() => page.getByRole('img', { name: '未读' }).count()).toBe(0);
    });

    it('applies for an after-sale from an order and follows its progress', async () => {
      const list = (await (await context.request.get('/api/order/list?tab=completed&page_size=50')).json())
        .data as ListPage<OrderSummaryView>;
      const order = list.list.find((o) => o.actions.includes('request_after_sale'));
      expect(order, 'a completed order open to after-sales').toBeTruthy();
      const id = (order as OrderSummaryView).id;
      await page.goto(`/m/orders/${id}`);
      await page.getByRole('button', { name: '申请售后' }).click();
      await page.waitForURL(new RegExp(`/m/orders/${id}/after-sale$`));
      // Nothing chosen: the form says so.
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.getByText('请选择商品并填写申请数量').waitFor();
      await page.getByTestId('after-sale-lines').getByRole('button', { name: /^增加/ }).first().click();
      await page.getByPlaceholder('请描述问题（至少2个字）').fill('外包装破损，药盒挤压变形');
      await page.getByLabel('拍摄凭证照片').setInputFiles({
        name: '破损.png',
        mimeType: 'image/png',
        buffer: await drawPng(h.browser, 'damaged-carton'),
      });
      await page.getByRole('img', { name: '凭证照片1' }).waitFor();
      await shotAt(page, 'h5-after-sale-apply');
      await page.getByRole('button', { name: '提交申请' }).click();
      await page.waitForURL(/\/m\/after-sales\/\d+$/);
      await page.getByTestId('after-sale-status').getByText('待审核').waitFor();
      await page.getByRole('img', { name: '凭证照片1' }).waitFor();
      await shotAt(page, 'h5-after-sale-detail');
      // The order lists the request, linked to its progress.
      await page.goto(`/m/orders/${id}`);
      await page.getByTestId('order-status').getByText('售后申请中').waitFor();
      await page.getByTestId('order-after-sales').getByRole('link', { name: '待审核' }).waitFor();
    });
  });
});
