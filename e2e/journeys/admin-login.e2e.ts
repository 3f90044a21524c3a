import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('operator console login', () => {
  it('sends a visitor to the login page and shows refusals', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/admin/');
    await page.waitForURL((url) => url.pathname === '/admin/login');
    // The empty form is refused in the page; the wrong password by the server, on purpose.
    expectRefusal(400, /^\/api\/admin\/login$/);
    await page.getByTestId('admin-login-submit').click();
    await page.getByText('请输入用户名').waitFor();
    await page.getByTestId('admin-username').fill('admin');
    await page.getByTestId('admin-password').fill('wrong-password');
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('admin-login-error').waitFor();
    await h.shot(page, 'admin-login');
    await context.close();
  });

  it('logs the demo operator in to the console frame and out again', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/admin/login');
    await page.getByTestId('admin-username').fill('admin');
    await page.getByTestId('admin-password').fill('Admin@123456');
    await page.getByTestId('admin-login-submit').click();
    await page.getByTestId('admin-operator').waitFor();
    // The route table's menu: the 超级管理员 sees every screen; a click opens it, highlighted.
    await page.getByTestId('admin-menu').getByRole('link', { name: '审计日志' }).click();
    await page.getByTestId('admin-audit').waitFor();
    await page.locator('.ad-nav__item--active', { hasText: '审计日志' }).waitFor();
    expect(await page.getByTestId('admin-breadcrumb').textContent()).toBe('审计日志');
    await h.shot(page, 'admin-console');
    await page.getByTestId('admin-logout').click();
    await page.waitForURL((url) => url.pathname === '/admin/login');
    expect(await page.getByTestId('admin-operator').count()).toBe(0);
    await context.close();
  });
});
