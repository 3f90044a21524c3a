import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  companies,
  goods,
  goodsSaleControls,
  goodsStock,
  qualifications,
  users,
} from '../../apps/server/src/db/schema';
import { licenceImage } from '../../apps/server/src/lib/png';
import { grantLicences } from '../../apps/server/src/modules/account/grant-licences';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** Waits until the server has sent a code to the phone, and returns it. */
async function smsCodeFor(phone: string, previous?: string) {
  await expect.poll(() => h.app.sms.lastCode(phone), { timeout: 10_000 }).toBeTruthy();
  await expect.poll(() => h.app.sms.lastCode(phone) !== previous, { timeout: 10_000 }).toBe(true);
  return h.app.sms.lastCode(phone) as string;
}

const userBase = (page: Page) =>
  page.evaluate(
    async () => (await (await fetch('/api/user/base')).json()).data as { is_login: boolean; company: string },
  );

/** A page with the full shop header (the top bar carries the company name and 安全退出). */
const HEADER_PAGE = '/help/xrzn/gwzn';

/** The header shows the company name of the logged-in buyer (and user/base agrees). */
async function expectLoggedInAs(page: Page, company: string) {
  await page.goto(HEADER_PAGE);
  await expect.poll(() => page.getByTestId('header-company').textContent()).toBe(company);
  await expect.poll(async () => (await userBase(page)).company).toBe(company);
}

/** 安全退出 in the header: the session ends and the header offers 登录 again. */
async function logout(page: Page) {
  await page.goto(HEADER_PAGE);
  await page.getByTestId('header-logout').click();
  await page.getByTestId('header-login').waitFor();
  await expect.poll(async () => (await userBase(page)).is_login).toBe(false);
}

async function login(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByPlaceholder('手机号 / 用户名').fill(username);
  await page.getByPlaceholder('密码').fill(password);
  // Spec: the session login flag makes the first navigation after login reload the page once.
  const reloaded = page.waitForEvent('load');
  await page.getByTestId('login-submit').click();
  await page.waitForURL((url) => url.pathname === '/');
  await reloaded;
}

/**
 * 质管 approves a newly registered company through the console's calls: the licences the journey
 * did not upload are put on file as the demo data does, then each uploaded licence and the company
 * (its applied scope) are approved.
 */
async function approveCompany(name: string) {
  const db = h.app.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, name));
  const uploaded = await db
    .select({ id: qualifications.id })
    .from(qualifications)
    .where(and(eq(qualifications.companyId, company.id), eq(qualifications.status, 'pending')));
  await grantLicences(db, company);
  const { context } = await h.newPage();
  const call = async (url: string, form?: Record<string, string>) => {
    const res = await context.request.post(url, { form });
    expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  };
  await call('/api/admin/login', { username: 'zhiguan', password: 'Admin@123456' });
  // Each uploaded licence is approved with the scope classes the store read off it.
  const review = (await (await context.request.get(`/api/admin/qualifications/${company.id}`)).json())
    .data as {
    documents: { id: number; grants: unknown[]; proposed_scopes: string[] }[];
  };
  for (const licence of uploaded) {
    const doc = review.documents.find((d) => d.id === licence.id);
    const scopes = doc?.grants.length ? doc.proposed_scopes : [];
    await call(`/api/admin/qualifications/${company.id}/documents/${licence.id}`, {
      approve: '1',
      ...Object.fromEntries(scopes.map((code, i) => [`scopes[${i}]`, code])),
    });
  }
  const scope = Object.fromEntries(company.businessScope.map((code, i) => [`business_scope[${i}]`, code]));
  await call(`/api/admin/qualifications/${company.id}/decision`, { approve: '1', ...scope });
  await context.close();
}

/** A cart line of goods in the store's scope that no sale control keeps from it (as order.e2e). */
async function cartLineFor(phone: string, scope: string[]) {
  const db = h.app.db;
  const [user] = await db.select().from(users).where(eq(users.phone, phone));
  const [pick] = await db
    .select({ goodsId: goods.id, warehouseId: goodsStock.warehouseId, minQuantity: goods.minQuantity })
    .from(goods)
    .innerJoin(goodsStock, eq(goodsStock.goodsId, goods.id))
    .leftJoin(goodsSaleControls, eq(goodsSaleControls.goodsId, goods.id))
    .where(
      and(
        inArray(goods.scopeClass, scope),
        isNull(goodsSaleControls.goodsId),
        gt(goodsStock.quantity, 500),
        eq(goods.ephedrine, false),
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
        eq(goods.stepQuantity, 1),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(1);
  const [line] = await db
    .insert(cartItems)
    .values({
      userId: user.id,
      goodsId: pick.goodsId,
      warehouseId: pick.warehouseId,
      quantity: pick.minQuantity,
    })
    .returning();
  return line.id;
}

describe('account journeys', () => {
  it('a new buyer registers through all three steps, logs in, sees the company, logs out', async () => {
    const { page, context } = await h.newPage();
    const phone = '13900000077';
    await page.goto('/register');
    await page.waitForURL('**/register/step1');
    await page.getByPlaceholder('请输入11位手机号码').fill(phone);
    await page.getByTestId('sms-send').click();
    const code = await smsCodeFor(phone);
    await expect.poll(() => page.getByTestId('sms-send').textContent()).toMatch(/秒后重新获取/);
    await page.getByPlaceholder('6位数字验证码').fill(code);
    await page.locator('#password').fill('Buyer2026ok');
    await page.locator('#confirm_password').fill('Buyer2026ok');
    await h.shot(page, 'account-register-step1');
    await page.getByTestId('register-next').click();

    await page.waitForURL('**/register/step2');
    await page.locator('#company_name').fill('春晖大药房有限公司');
    await page.getByLabel('药店', { exact: true }).check();
    await page.locator('#contact_name').fill('孙春晖');
    await page.locator('#contact_phone').fill('13900000078');
    await page.getByTestId('register-region').click();
    await page.locator('.ant-cascader-menu-item', { hasText: '浙江省' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '杭州市' }).click();
    await page.locator('.ant-cascader-menu-item', { hasText: '滨江区' }).click();
    await page.locator('.ant-cascader-dropdown').waitFor({ state: 'hidden' });
    await page.locator('#address').fill('长河街道江南大道 100 号');
    await page.getByLabel('非处方药').check();
    await page.getByLabel('中成药').check();
    await h.shot(page, 'account-register-step2');
    await page.getByTestId('register-next').click();

    await page.waitForURL('**/register/step3');
    // A refresh keeps the step (the draft token is in sessionStorage).
    await page.reload();
    // Each way a licence is filled: a last day, 长期有效, and a proxy naming its purchaser.
    await page.getByRole('button', { name: '添加证件' }).click();
    await page.getByRole('button', { name: '添加证件' }).click();
    await page.getByTestId('qual-2-kind').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '采购委托书' })
      .click();
    const numbers = ['91330108MA2CHUNHUI', '浙AA5710999', 'WT-2026-0077'];
    for (const [index, number] of numbers.entries()) {
      await page.getByTestId(`qual-${index}-number`).fill(number);
      await page
        .locator('input[type=file]')
        .nth(index)
        .setInputFiles({ name: `证件${index}.png`, mimeType: 'image/png', buffer: licenceImage(9 + index) });
      await expect.poll(() => page.locator('.ant-upload-list-item-done').count()).toBe(index + 1);
    }
    for (const index of [0, 2]) {
      await page.getByTestId(`qual-${index}-expiry`).click();
      await page.getByTestId(`qual-${index}-expiry`).fill('2031-06-30');
      // Picks the typed date in the open calendar (Enter would submit the form).
      await page.locator('.ant-picker-dropdown:visible .ant-picker-cell-selected').click();
      await page.locator('.ant-picker-dropdown').first().waitFor({ state: 'hidden' });
    }
    await page.getByTestId('qual-1-long-term').check();
    await expect.poll(() => page.getByTestId('qual-1-expiry').isDisabled()).toBe(true);
    await page.getByTestId('qual-2-holder-name').fill('孙小梅');
    await page.getByTestId('qual-2-holder-id').fill('330106198203154517');
    await h.shot(page, 'account-register-step3');
    await page.getByTestId('register-submit').click();

    await page.getByTestId('register-success-company').waitFor();
    await expect
      .poll(() => page.getByTestId('register-success-company').textContent())
      .toBe('春晖大药房有限公司');
    await h.shot(page, 'account-register-success');
    const [user] = await h.app.db.select().from(users).where(eq(users.phone, phone));
    const stored = await h.app.db
      .select()
      .from(qualifications)
      .where(eq(qualifications.companyId, user.companyId))
      .orderBy(qualifications.id);
    expect(stored.map((q) => [q.kind, q.number, q.expiresOn, q.holderName, q.holderIdNo])).toEqual([
      ['business_licence', numbers[0], '2031-06-30', null, null],
      ['drug_licence', numbers[1], null, null, null],
      ['proxy', numbers[2], '2031-06-30', '孙小梅', '330106198203154517'],
    ]);
    await page.getByTestId('register-home').click();
    await page.waitForURL((url) => url.pathname === '/');
    await expectLoggedInAs(page, '春晖大药房有限公司');

    await logout(page);
    await login(page, phone, 'Buyer2026ok');
    await expectLoggedInAs(page, '春晖大药房有限公司');
    await h.shot(page, 'account-register-logged-in');

    // The first order, once 质管 approved the company: no detour, no error escaping the page.
    await approveCompany('春晖大药房有限公司');
    const errors = collectConsoleErrors(page);
    // The claim before signing is refused on purpose (459: sign the contract first).
    expectRefusal(459, /^\/api\/coupon\/receive$/);
    await page.goto('/lqzx');
    // Before any refusal the coupon centre says the contract comes first, and links to it.
    const prompt = page.getByTestId('contract-prompt');
    await expect.poll(() => prompt.textContent()).toContain('签署电子合同后即可领券下单');
    expect(await prompt.getByRole('link').getAttribute('href')).toBe('/dzht?redirect=%2Flqzx');
    await h.shot(page, 'account-first-order-contract-prompt');
    // A claim anyway is refused (459): the contract page opens, to come back here once signed.
    const claimable = page.locator('[data-testid=centre-coupon][data-state=claimable]').first();
    const couponName = (await claimable.locator('strong').textContent()) ?? '';
    await claimable.getByTestId('centre-claim').click();
    await page.waitForURL((url) => url.pathname === '/dzht' && url.searchParams.get('redirect') === '/lqzx');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: '同意并签署' }).click();
    await page.waitForURL((url) => url.pathname === '/lqzx');
    await prompt.waitFor({ state: 'detached' });
    const coupon = page.locator('[data-testid=centre-coupon]', { hasText: couponName }).first();
    await coupon.getByTestId('centre-claim').click();
    await page.getByText(`已领取「${couponName}」`).waitFor();

    // Verify order: the registered address is offered, the invoice starts with the company.
    const lineId = await cartLineFor(phone, ['fcfy', 'zcy']);
    await page.goto(`/cart/step2?ids=${lineId}`);
    const address = page.locator('label', { has: page.getByTestId('address-option') });
    await expect.poll(() => address.textContent()).toContain('长河街道江南大道 100 号');
    expect(await address.textContent()).toContain('孙春晖');
    await page.getByText('普通发票', { exact: true }).click();
    await expect.poll(() => page.getByLabel('发票抬头').inputValue()).toBe('春晖大药房有限公司');
    await page.getByText('增值税专用发票', { exact: true }).click();
    await expect.poll(() => page.getByLabel('纳税人识别号').inputValue()).toBe('91330108MA2CHUNHUI');
    await h.shot(page, 'account-first-order-step2');
    await page.getByTestId('submit-order').click();
    await page.waitForURL(/\/cart\/step3\/\d+/);
    await page.getByTestId('pay-page').waitFor();
    // Only the expected refusal of the claim before signing; no uncaught error anywhere.
    expect(errors.filter((e) => !/status of 459 .*\/api\/coupon\/receive/.test(e))).toEqual([]);

    await logout(page);
    await h.shot(page, 'account-register-logged-out');
    await context.close();
  });

  it('shows a clear message for a wrong password', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/login');
    await page.getByPlaceholder('手机号 / 用户名').fill('13800000001');
    await page.getByPlaceholder('密码').fill('Wrong1234');
    // The refusal this test provokes: Chromium logs the 400 itself.
    expectRefusal(400, /\/api\/user\/login$/);
    await page.getByTestId('login-submit').click();
    await expect.poll(() => page.getByTestId('login-error').textContent()).toBe('用户名或密码错误');
    await h.shot(page, 'account-login-error');
    await context.close();
  });

  it('resets a forgotten password and logs in with the new one', async () => {
    const { page, context } = await h.newPage();
    const phone = '13800000012';
    await page.goto('/forget');
    await page.waitForURL('**/forget/step1');
    await page.getByPlaceholder('请输入注册时的手机号码').fill(phone);
    await page.getByTestId('sms-send').click();
    const code = await smsCodeFor(phone);
    await page.getByPlaceholder('6位数字验证码').fill(code);
    await h.shot(page, 'account-forget-step1');
    await page.getByTestId('forget-next').click();

    await page.waitForURL('**/forget/step2');
    await page.locator('#password').fill('Reset2026ok');
    await page.locator('#confirm_password').fill('Reset2026ok');
    await h.shot(page, 'account-forget-step2');
    await page.getByTestId('forget-submit').click();

    await page.waitForURL('**/forget/step3');
    await h.shot(page, 'account-forget-step3');
    await page.getByTestId('forget-login').click();
    await page.waitForURL('**/login');
    await login(page, phone, 'Reset2026ok');
    await expectLoggedInAs(page, '仁心大药房连锁有限公司');
    await h.shot(page, 'account-forget-logged-in');
    await context.close();
  });

  it('a store of an approved company adds another store (/register/dd)', async () => {
    const { page, context } = await h.newPage();
    await login(page, '13800000001', 'Demo@123456');
    const phone = '13900000088';
    await page.goto('/register_dd');
    await page.waitForURL('**/register/dd/step1');
    await page.getByPlaceholder('请输入11位手机号码').fill(phone);
    await page.getByTestId('sms-send').click();
    await page.getByPlaceholder('6位数字验证码').fill(await smsCodeFor(phone));
    await page.locator('#password').fill('Store2026ok');
    await page.locator('#confirm_password').fill('Store2026ok');
    await h.shot(page, 'account-dd-step1');
    await page.getByTestId('register-next').click();

    await page.waitForURL('**/register/dd/step2');
    await page.locator('#store_name').fill('仁心大药房（萧山店）');
    await page.locator('#contact_name').fill('王五');
    await page.locator('#address').fill('浙江省杭州市萧山区人民路 1 号');
    await h.shot(page, 'account-dd-step2');
    await page.getByTestId('register-submit').click();

    await page.waitForURL('**/register/dd/step3');
    await page.getByText('门店添加成功').waitFor();
    await h.shot(page, 'account-dd-step3');
    await logout(page);
    await login(page, phone, 'Store2026ok');
    await expectLoggedInAs(page, '仁心大药房连锁有限公司');
    await context.close();
  });
});
