import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { licenceImage } from '../../apps/server/src/lib/png';
import { newWechatUser, startWechatOpenDouble } from '../../apps/server/test/wechat-open-double';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function api<T>(context: BrowserContext, path: string): Promise<T> {
  const response = await context.request.get(`${h.baseUrl}${path}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: T }).data;
}

const text = async (page: Page, testId: string) =>
  (await page.getByTestId(testId).locator('.sh-figure__value').textContent())?.trim();

describe('会员中心', () => {
  it('the demo store sees its figures, each equal to the page behind it, and moves between account pages by the side menu', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto('/user');
    await page.getByTestId('member-centre').waitFor();
    await expect.poll(() => page.getByTestId('member-qualification').textContent()).toBe('资质已认证');
    await h.shot(page, 'member-centre');

    // Wallet figures against the wallet calls and pages.
    const money = await api<{ user_money: number }>(context, '/api/user/user_money');
    expect(await text(page, 'member-balance')).toBe(`¥${money.user_money.toFixed(2)}`);
    const coupons = await api<{ coupon: number; cash: number }>(context, '/api/user/couponNum');
    expect(await text(page, 'member-coupons')).toBe(String(coupons.coupon));

    // Each order tab's count is the total its tab of /order lists.
    for (const tab of ['awaiting_shipment', 'shipped', 'completed']) {
      const { total } = await api<{ total: number }>(context, `/api/order/list?tab=${tab}`);
      expect(await text(page, `member-orders-${tab}`), tab).toBe(String(total));
    }
    await page.getByTestId('member-orders-shipped').click();
    await page.waitForURL(/\/order\?tab=shipped/);
    // The orders page sits in the same layout: its side menu entry is lit.
    const menu = page.getByTestId('member-menu');
    await expect.poll(() => menu.locator('[aria-current=page]').textContent()).toBe('我的订单');
    await h.shot(page, 'member-orders');

    // Unread messages: the figure, the badge and /wdxx agree.
    await menu.getByRole('link', { name: '会员首页' }).click();
    await page.getByTestId('member-centre').waitFor();
    const unread = Number(await text(page, 'member-messages'));
    expect(unread).toBe((await api<{ message_count: number }>(context, '/api/user/base')).message_count);
    await menu.getByRole('link', { name: '我的消息' }).click();
    await page.getByTestId('messages-page').waitFor();
    // The list's rows come after the page's frame: wait for them, not for the frame.
    await expect
      .poll(() => page.locator('[data-testid="message-item"][data-read="0"]').count())
      .toBe(Math.min(unread, 10));

    // Every entry of the side menu opens a working page (no 建设中 page is listed).
    const links = await menu.getByRole('link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(links).toContain('/kjcg');
    expect(links).toContain('/dzfp');
    // Reached by the menu itself, as a buyer does: its entry lights once the page is in.
    for (const href of links as string[]) {
      const entry = menu.locator(`a[href="${href}"]`);
      await entry.click();
      await page.waitForURL((url) => url.pathname === href);
      await expect.poll(() => entry.getAttribute('aria-current'), { message: href }).toBe('page');
      await page.locator('.sh-page-loading').waitFor({ state: 'detached' });
      expect(await page.getByText(/功能正在建设中/).count(), href).toBe(0);
    }
    await page.goto('/wdqb');
    await page.waitForURL(/\/yegl$/);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the store renews its expiring purchase proxy at /zzzj; 质管 finds it in the 待审核 queue', async () => {
    const buyer = await h.newPage();
    const errors = collectConsoleErrors(buyer.page);
    await h.signInBuyer(buyer.context, '13800000001');
    const page = buyer.page;
    await page.goto('/user');
    await page
      .getByTestId('member-licence-warning')
      .getByText(/资质证件将在2\d天后到期/)
      .waitFor();
    await page.getByTestId('member-licence-warning').getByRole('link', { name: '去更新' }).click();
    await page.getByTestId('qualifications-page').waitFor();
    await page
      .getByTestId('licence-warning')
      .getByText(/采购委托书（RX-WT-2026-001）2\d天后到期/)
      .waitFor();
    await page.getByTestId('business-scope').locator('.ant-tag').first().waitFor();
    await h.shot(page, 'qualifications');
    const proxy = page.getByTestId('licence-row').filter({ hasText: 'RX-WT-2026-001' });
    await proxy.getByTestId('renew-licence').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('renew-number').fill('RX-WT-2027-001');
    // A purchase proxy names the purchaser; a wrong check digit is refused before sending.
    await dialog.getByTestId('renew-holder-name').fill('张建国');
    await dialog.getByTestId('renew-holder-id').fill('330106198203154518');
    await dialog.getByText('请填写正确的18位身份证号码').waitFor();
    await dialog.getByTestId('renew-holder-id').fill('330106198203154517');
    await dialog.locator('input[type=file]').setInputFiles({
      name: '采购委托书.png',
      mimeType: 'image/png',
      buffer: licenceImage(11),
    });
    await dialog.locator('.ant-upload-list-item-done').waitFor();
    await dialog.getByTestId('renew-expiry').click();
    await dialog.getByTestId('renew-expiry').fill('2031-06-30');
    // Enter confirms the typed date (the dialog's form has no submit button to trigger).
    await dialog.getByTestId('renew-expiry').press('Enter');
    await page.locator('.ant-picker-dropdown').waitFor({ state: 'hidden' });
    await dialog.getByRole('button', { name: '提交审核' }).click();
    await page.getByText('已提交，审核通过后新证件生效').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    const renewed = page.getByTestId('licence-row').filter({ hasText: 'RX-WT-2027-001' });
    await renewed.waitFor();
    expect(await renewed.getAttribute('data-status')).toBe('pending');
    // The old one still counts, and says its renewal is waiting.
    await page
      .getByTestId('licence-warning')
      .getByText(/新证件审核中/)
      .waitFor();
    await h.shot(page, 'qualifications-renewed');
    expect(errors).toEqual([]);
    await buyer.context.close();

    const { page: op, context } = await h.newPage();
    await op.goto('/admin/login');
    await op.getByTestId('admin-username').fill('zhiguan');
    await op.getByTestId('admin-password').fill('Admin@123456');
    await op.getByTestId('admin-login-submit').click();
    await op.getByTestId('admin-operator').waitFor();
    await op.getByTestId('admin-menu').getByRole('link', { name: '资质审核' }).click();
    await op.getByTestId('admin-review-queue').waitFor();
    await op.getByRole('link', { name: '仁心大药房连锁有限公司' }).click();
    await op.getByTestId('admin-review-company').waitFor();
    await op
      .getByTestId('admin-review-document')
      .filter({ hasText: 'RX-WT-2027-001' })
      .getByText('张建国（330106198203154517）')
      .waitFor();
    await h.shot(op, 'admin-review-renewal');
    await context.close();
  });

  it('多店管理: the store switches to another store of its company and sees that store’s cart', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto('/ddgl');
    await page.getByTestId('stores-page').waitFor();
    const other = page
      .getByTestId('store-row')
      .filter({ has: page.getByTestId('store-switch') })
      .first();
    await other.waitFor();
    await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
    await h.shot(page, 'stores');
    const name = (await other.locator('strong').textContent())?.trim() ?? '';
    const cells = await other.locator('td').allTextContents();
    const otherCart = Number(cells[2]);
    await other.getByTestId('store-switch').click();
    await page.waitForURL(/\/user$/);
    await page.getByTestId('member-centre').waitFor();
    expect((await page.getByTestId('member-profile').textContent()) ?? '').toContain(`当前门店：${name}`);
    const cart = await api<{ total: number }>(context, '/api/cart/total');
    expect(cart.total).toBe(otherCart);
    await page.goto('/ddgl');
    await page.getByTestId('store-row').filter({ hasText: name }).getByText('当前门店').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('基本信息: a store changes its contact, avatar and phone (with the new phone’s code), then logs in with the new phone', async () => {
    // A wrong code is refused on purpose.
    expectRefusal(422, /^\/api\/user\/updateUserInfo$/);
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    // The third demo store, so the other journeys keep their phone.
    await h.signInBuyer(context, '13800000012');
    await page.goto('/basic');
    await page.getByTestId('basic-page').waitFor();
    await expect.poll(() => page.getByTestId('basic-phone').inputValue()).toBe('13800000012');
    await page.getByTestId('basic-name').fill('周店长');
    await page
      .getByTestId('basic-page')
      .locator('input[type=file]')
      .first()
      .setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: licenceImage(3) });
    await page.getByTestId('basic-avatar').getByRole('img', { name: 'avatar.png' }).waitFor();
    const phone = '13912345678';
    await page.getByTestId('basic-phone').fill(phone);
    await page.getByTestId('basic-save').click();
    await page.getByText('请输入验证码').waitFor();
    await page.getByTestId('sms-send').click();
    await expect.poll(() => h.app.sms.lastCode(phone), { timeout: 10_000 }).toBeTruthy();
    await page.getByTestId('basic-code').fill('000000');
    await page.getByTestId('basic-save').click();
    await page.getByText('验证码错误').first().waitFor();
    await page.getByTestId('basic-code').fill(h.app.sms.lastCode(phone) as string);
    await page.getByTestId('basic-save').click();
    await page.getByText('保存成功，请使用新手机号登录').waitFor();
    await h.shot(page, 'basic-info');
    const base = await api<{ name: string; phone: string; face: string }>(context, '/api/user/base');
    expect(base).toMatchObject({ name: '周店长', phone });
    expect(base.face).toMatch(/^\/api\/files\/\d+$/);
    await context.close();

    const again = await h.newPage();
    const login = await again.context.request.post(`${h.baseUrl}/api/user/login`, {
      form: { username: phone, password: 'Demo@123456' },
    });
    expect(login.status()).toBe(200);
    await again.context.close();
    expect(errors.filter((e) => !e.includes('422'))).toEqual([]);
  });

  it('绑定微信: a store binds its WeChat in the sandbox, then logs in by scanning', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000011');
    await page.goto('/bdwx');
    await page.getByTestId('bind-wechat-page').waitFor();
    await page.getByTestId('wechat-bind').click();
    await page.getByTestId('wechat-qr').waitFor();
    await h.shot(page, 'wechat-bind-qr');
    // The sandbox's scan page stands in for the phone, in this browser.
    const [phone] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('wechat-sandbox-scan').click(),
    ]);
    await phone.getByText('将本机沙箱微信绑定到当前门店账号').waitFor();
    await phone.getByRole('button', { name: '确认' }).click();
    await phone.getByText('已确认，请返回药采页面。').waitFor();
    await phone.close();
    await page.getByTestId('wechat-bound').waitFor();
    await page.getByText('绑定成功，下次可用微信扫码登录').waitFor();

    // Logged out, the same browser logs in by WeChat.
    expect((await context.request.delete(`${h.baseUrl}/api/user/logout`)).status()).toBe(200);
    await page.goto('/login?redirect=/user');
    await page.getByTestId('login-wechat').click();
    await page.getByTestId('wechat-qr').waitFor();
    const [again] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('wechat-sandbox-scan').click(),
    ]);
    await again.getByText('使用本机沙箱微信登录药采').waitFor();
    await again.getByRole('button', { name: '确认' }).click();
    await again.getByText('已确认，请返回药采页面。').waitFor();
    await again.close();
    await page.waitForURL(/\/user$/);
    await page.getByTestId('member-centre').waitFor();
    expect((await page.getByTestId('member-profile').textContent()) ?? '').toContain('古墩路店');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('微信注册: a visitor scans first, then registers in the usual steps', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/register/wechat');
    await page.getByTestId('wechat-qr').waitFor();
    await h.shot(page, 'wechat-register');
    const [phone] = await Promise.all([
      context.waitForEvent('page'),
      page.getByTestId('wechat-sandbox-scan').click(),
    ]);
    await phone.getByText('使用本机沙箱微信注册药采账号').waitFor();
    await phone.getByRole('button', { name: '确认' }).click();
    await phone.getByText('已确认，请返回药采页面。').waitFor();
    await phone.close();
    await page.waitForURL(/\/register\/step1\?wechat=1/);
    await page.getByText('微信已确认，请完成注册，注册后自动绑定此微信').waitFor();
    // The confirmed WeChat waits in a cookie for the registration's submit.
    expect((await context.cookies()).some((c) => c.name === 'yc_wxreg' && c.httpOnly)).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a visitor is sent to log in', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/user');
    await page.waitForURL(/\/login\?redirect=/);
    await context.close();
  });
});

describe('网站应用微信登录 (WECHAT_PROVIDER=wechat, a local double of WeChat’s OAuth pages)', () => {
  it('a store binds its WeChat through WeChat’s QR page and back, then logs in by it', async () => {
    const wx = await startWechatOpenDouble();
    const real = await startHarness({
      wechatProvider: 'wechat',
      wechat: { appId: wx.appId, secret: wx.secret, openBase: wx.base, apiBase: wx.base },
    });
    try {
      wx.scanner = newWechatUser('古墩路店店长');
      const { page, context } = await real.newPage();
      const errors = collectConsoleErrors(page);
      await real.signInBuyer(context, '13800000011');
      await page.goto('/bdwx');
      await page.getByTestId('wechat-bind').click();
      // This tab goes to WeChat's QR page (the double scans at once) and comes back to /bdwx.
      // The toast comes with the poll's answer; the page turns once user/base says so.
      await page.getByText('绑定成功，下次可用微信扫码登录').waitFor();
      await page.getByTestId('wechat-bound').waitFor();
      expect(new URL(page.url()).search).toBe('');
      expect(wx.exchanges).toHaveLength(1);

      expect((await context.request.delete(`${real.baseUrl}/api/user/logout`)).status()).toBe(200);
      await page.goto('/login?redirect=/user');
      await page.getByTestId('login-wechat').click();
      await page.waitForURL(/\/user$/);
      await page.getByTestId('member-centre').waitFor();
      expect((await page.getByTestId('member-profile').textContent()) ?? '').toContain('古墩路店');
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await real.close();
      await wx.close();
    }
  });
});
