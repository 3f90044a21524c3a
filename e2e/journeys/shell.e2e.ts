import type { ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedFlags, routeSamples } from '../../apps/shop/src/app/route-samples';
import { type Harness, startHarness } from '../support/harness';
import { useFixturesWhereMissing } from '../support/shell-fixtures';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** A visitor's page with the content stand-ins where this build lacks an endpoint. */
async function visitorPage() {
  const { page, context } = await h.newPage();
  await useFixturesWhereMissing(h, page);
  return { page, context };
}

describe('the shop shell', () => {
  it('shows a visitor 登录/注册, the hot line and the home title', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('首页-药采');
    await page.getByTestId('header-login').waitFor();
    expect(await page.getByTestId('header-login').textContent()).toBe('登录');
    expect(await page.getByTestId('header-register').textContent()).toBe('注册');
    expect(await page.getByTestId('header-company').count()).toBe(0);
    await page.getByTestId('header-hotline').waitFor();
    expect(await page.getByTestId('header-hotline').textContent()).toMatch(/\d{3}-\d{3}-\d{4}/);
    expect(await page.getByTestId('header-search-input').getAttribute('placeholder')).toBe(
      '药品名称/厂家名称（支持拼音首字母）',
    );
    await page.getByTestId('footer-help').first().waitFor();
    await h.shot(page, 'shell-home');
    await context.close();
  });

  it('sends unknown paths to /404', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await expect.poll(() => page.title()).toBe('页面不存在-药采');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await h.shot(page, 'shell-404');
    await context.close();
  });

  it('opens the category menu and a category flyout on hover outside home', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/list');
    const menu = page.getByTestId('category-menu');
    expect(await page.getByTestId('category-item').count()).toBe(0);
    await menu.hover();
    await page.getByTestId('category-item').first().waitFor();
    expect(await page.getByTestId('category-item').count()).toBeLessThanOrEqual(7);
    await page.getByTestId('category-item').first().hover();
    await page.getByTestId('category-flyout').waitFor();
    await h.shot(page, 'shell-list-menu-flyout');
    await context.close();
  });

  it('shows at most 9 nav entries and their children on hover', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/list');
    await page.getByTestId('nav-entry').first().waitFor();
    expect(await page.getByTestId('nav-entry').count()).toBeLessThanOrEqual(9);
    const withChildren = page.getByTestId('nav-entry').filter({ hasText: '优选专区' });
    await withChildren.hover();
    await page.getByTestId('nav-children').waitFor();
    await context.close();
  });

  it('opens the side-bar cart drawer from 40 to 310 px; a visitor is asked to log in', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/list');
    const bar = page.getByTestId('side-bar');
    expect((await bar.boundingBox())?.width).toBe(40);
    await page.getByTestId('side-cart').click();
    await page.getByTestId('cart-drawer').waitFor();
    await expect.poll(async () => (await bar.boundingBox())?.width).toBe(310);
    await page.getByTestId('cart-drawer').getByText('立即登录').waitFor();
    await h.shot(page, 'shell-cart-drawer');
    await page.getByTestId('side-cart').click();
    await expect.poll(async () => (await bar.boundingBox())?.width).toBe(40);
    await context.close();
  });

  it('back-to-top scrolls up; the compact search bar shows from 205 px', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/help/xrzn/gwzn');
    await page.getByTestId('help-article').getByRole('heading').waitFor();
    await h.shot(page, 'shell-help');
    await page.evaluate(() => {
      document.body.style.minHeight = '3000px';
      window.scrollTo(0, 204);
    });
    await page.waitForTimeout(300);
    expect(await page.getByTestId('sticky-search').count()).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.getByTestId('sticky-search').waitFor();
    await page.getByTestId('back-to-top').click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await context.close();
  });

  it('closes the top-right ad for the rest of the session', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/');
    await page.getByTestId('top-ad').waitFor();
    await page.getByTestId('top-ad-close').click();
    expect(await page.getByTestId('top-ad').count()).toBe(0);
    await page.reload();
    await page.getByTestId('header-search-input').waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByTestId('top-ad').count()).toBe(0);
    await context.close();
  });

  it('header search: suggestions, keyboard wraparound, Esc, Enter to the results', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/list');
    const input = page.getByTestId('header-search-input');
    await input.fill('   ');
    await page.waitForTimeout(700);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await input.fill('amxl');
    await page.getByRole('option').first().waitFor();
    const options = await page.getByRole('option').count();
    expect(options).toBeGreaterThan(0);
    await input.press('ArrowUp');
    expect(
      await page
        .getByRole('option')
        .nth(options - 1)
        .getAttribute('aria-selected'),
    ).toBe('true');
    await input.press('ArrowDown');
    expect(await page.getByRole('option').first().getAttribute('aria-selected')).toBe('true');
    await input.press('Escape');
    expect(await page.getByRole('listbox').count()).toBe(0);
    await input.fill('amxl ');
    await page.getByRole('option').first().waitFor();
    const first = await page.getByRole('option').first().textContent();
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keywords') === first);
    expect(new URL(page.url()).searchParams.get('type')).toBe('0');
    expect(await input.inputValue()).toBe(first);
    await context.close();
  });
});

/** Console errors of the page, minus 404s of API calls this build does not serve yet. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() !== 'error') return;
    const where = message.location().url;
    if (message.text().startsWith('Failed to load resource') && /\/api\//.test(where)) return;
    errors.push(`${message.text()} @ ${where}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

describe('every route of the route table renders its layout', () => {
  it('walks the route table as a visitor (member routes ask to log in)', async () => {
    const { page, context } = await visitorPage();
    const errors = collectErrors(page);
    for (const [url, name, title, kind] of routeSamples) {
      await page.goto(url);
      const flags = expectedFlags[kind];
      if (flags.requiresLogin) {
        await page.waitForURL((u) => u.pathname === '/login', { timeout: 10_000 });
        await expect.poll(() => page.title(), { message: url }).toBe('登录-药采');
        continue;
      }
      if (name === 'eleven_index') {
        await page.waitForURL((u) => u.pathname === '/');
        continue;
      }
      await expect.poll(() => page.title(), { message: url }).toBe(title ? `${title}-药采` : '药采');
      if (flags.header) await page.getByTestId('header-search-input').waitFor();
      else expect(await page.getByTestId('header-search-input').count(), url).toBe(0);
      if (flags.loginHeader) await page.locator('.sh-header--login').waitFor();
      if (flags.footer) await page.getByTestId('footer').waitFor();
      else expect(await page.getByTestId('footer').count(), url).toBe(0);
      if (flags.sideBar) await page.getByTestId('side-bar').waitFor();
      else expect(await page.getByTestId('side-bar').count(), url).toBe(0);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});
