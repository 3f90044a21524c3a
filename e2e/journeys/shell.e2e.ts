import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness';

const shopDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/shop/dist');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

/** The gzip size, in KB, of the scripts a cold load of `route` fetches (from the build). */
async function firstLoadJsKb(route: string, signedIn: boolean) {
  const { page, context } = await visitorPage();
  if (signedIn) await h.signInBuyer(context, '13800000001');
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) scripts.add(pathname);
  });
  await page.goto(route, { waitUntil: 'networkidle' });
  await context.close();
  const kb =
    [...scripts].reduce(
      (sum, script) => sum + gzipSync(readFileSync(path.join(shopDist, script))).length,
      0,
    ) / 1024;
  console.log(`${route} JS: ${kb.toFixed(1)} KB gzip in ${scripts.size} files`);
  return kb;
}

/** A visitor's page with the content stand-ins where this build lacks an endpoint. */
async function visitorPage() {
  return h.newPage();
}

describe('the shop shell', () => {
  it('shows a visitor 登录/注册, the hot line and the home title', async () => {
    const { page, context } = await visitorPage();
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const { pathname } = new URL(response.url());
      if (pathname.endsWith('.js')) scripts.add(pathname);
    });
    await page.goto('/', { waitUntil: 'networkidle' });
    // The first load, before the scroll to the footer below mounts the lower floors.
    const firstLoad = [...scripts];
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('首页-药采');
    await page.getByTestId('header-login').waitFor();
    expect(await page.getByTestId('header-login').textContent()).toBe('登录');
    expect(await page.getByTestId('header-register').textContent()).toBe('注册');
    expect(await page.getByTestId('header-company').count()).toBe(0);
    await page.getByTestId('header-hotline').waitFor();
    expect(await page.getByTestId('header-hotline').textContent()).toMatch(/\d{3}-\d{3}-\d{4}/);
    expect(await page.getByTestId('header-search-input').getAttribute('placeholder')).toBe(
      '药品名称/厂家名称（支持拼音首字母）',
    );
    // The footer's help list loads when the footer comes near.
    await page.getByTestId('footer').scrollIntoViewIfNeeded();
    await page.getByTestId('footer-help').first().waitFor();
    await h.shot(page, 'shell-home');
    // Regression guard: the JavaScript the home route loads stays under 220 KB gzip (203 KB in 16
    // files for a visitor after #17's splitting, 379 KB before; the budget of 200 KB as the server
    // sends it, brotli, is measured by `npm run bench -- web`).
    const gzipKb =
      firstLoad.reduce((sum, script) => sum + gzipSync(readFileSync(path.join(shopDist, script))).length, 0) /
      1024;
    console.log(`home route JS: ${gzipKb.toFixed(1)} KB gzip in ${firstLoad.length} files`);
    if (process.env.BUDGET_DETAIL)
      for (const script of firstLoad)
        console.log(script, (gzipSync(readFileSync(path.join(shopDist, script))).length / 1024).toFixed(1));
    expect(gzipKb).toBeLessThan(220);
    await context.close();
  });

  it('keeps the first-load JavaScript of the list, a detail page and the cart under 265 KB gzip', async () => {
    // Regression guard for #17's budget of 250 KB as the server sends it (brotli, measured by
    // `npm run bench -- web`): 194, 213 and 207 KB after native controls replaced antd's form
    // controls on these pages, 368, 267 and 292 KB before.
    const { context } = await visitorPage();
    await h.signInBuyer(context, '13800000001');
    const list = await (await context.request.get('/api/goods/list?page_size=1&in_stock=1')).json();
    const goodsId: number = list.data.list[0].id;
    await context.request.post(`/api/cart/quick_add/${goodsId}`);
    await context.close();
    for (const route of ['/list', `/list/info/${goodsId}`, '/cart'])
      expect(await firstLoadJsKb(route, true), route).toBeLessThan(265);
  });

  it('sends unknown paths to /404', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('页面不存在-药采');
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await h.shot(page, 'shell-404');
    await context.close();
  });

  it('the /loading interstitial forwards only within the site; another site goes home (issue 11)', async () => {
    const { page, context } = await visitorPage();
    const left: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest() && !request.url().startsWith(h.baseUrl)) left.push(request.url());
    });
    await page.goto(`/loading?to=${encodeURIComponent('/yx?x=1')}`);
    await page.waitForURL((url) => url.pathname === '/yx');
    for (const link of ['https://evil.example/', '//evil.example/x', '/\\evil.example/x']) {
      await page.goto(`/loading?to=${encodeURIComponent(link)}`);
      await page.waitForURL((url) => url.origin === h.baseUrl && url.pathname === '/');
      await expect.poll(() => page.title(), { timeout: 15_000 }).toBe('首页-药采');
    }
    expect(left).toEqual([]);
    await context.close();
  });

  it('a real page passes the CSRF check with the Origin Chromium itself sends (issue 11)', async () => {
    // h.newPage() adds an Origin to every request for the journeys' own API calls; this context
    // adds none, so the page's POSTs carry only what the browser sends under the site's
    // Referrer-Policy. A page from another origin is refused.
    const context = await h.browser.newContext({ baseURL: h.baseUrl });
    const page = await context.newPage();
    await page.goto('/login');
    const post = (url: string, body: object) =>
      page.evaluate(
        async ([u, b]) =>
          (
            await fetch(u as string, {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(b),
            })
          ).status,
        [url, body] as const,
      );
    expect(await post('/api/user/login', { username: '13800000001', password: 'Demo@123456' })).toBe(200);
    expect(await post('/api/favorite', { goods_ids: [1] })).toBe(200);
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

  it('shows the top ad from the HTML, and closes it for the rest of the session', async () => {
    const { page, context } = await visitorPage();
    // The home page's HTML carries the ad (it shows before the JavaScript); the app's own takes its place.
    const html = await (await page.request.get('/')).text();
    expect(html).toContain('id="sh-topad-static"');
    await page.goto('/');
    await page.getByTestId('top-ad').waitFor();
    expect(await page.locator('.sh-topad').count()).toBe(1);
    await page.getByTestId('top-ad-close').click();
    expect(await page.getByTestId('top-ad').count()).toBe(0);
    // Closed until the browser closes: the server leaves it out of the HTML too.
    expect(await (await page.request.get('/')).text()).not.toContain('sh-topad');
    await page.reload();
    await page.getByTestId('header-search-input').waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('.sh-topad').count()).toBe(0);
    await context.close();
  });

  it('shows a logged-in buyer the company name and 安全退出, which logs out', async () => {
    const { page, context } = await visitorPage();
    await page.request.post('/api/user/login', {
      form: { username: '13800000001', password: 'Demo@123456' },
    });
    await page.goto('/list');
    await page.getByTestId('header-company').waitFor();
    expect(await page.getByTestId('header-login').count()).toBe(0);
    await page.getByTestId('side-cart').click();
    await page.getByTestId('cart-drawer').waitFor();
    await h.shot(page, 'shell-logged-in');
    await page.getByTestId('header-logout').click();
    await page.getByTestId('header-login').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('header-company').count()).toBe(0);
    await context.close();
  });

  it('header search: suggestions, keyboard wraparound, Esc, Enter to the results', async () => {
    const { page, context } = await visitorPage();
    await page.goto('/list');
    const input = page.getByTestId('header-search-input');
    // The suggestions' own options: the list page has other options (its shelf-life select).
    const option = () => page.getByRole('listbox', { name: '搜索建议' }).getByRole('option');
    await input.fill('   ');
    await page.waitForTimeout(700);
    expect(await page.getByRole('listbox').count()).toBe(0);
    await input.fill('amxl');
    await option().first().waitFor();
    const options = await option().count();
    expect(options).toBeGreaterThan(0);
    await input.press('ArrowUp');
    expect(
      await option()
        .nth(options - 1)
        .getAttribute('aria-selected'),
    ).toBe('true');
    await input.press('ArrowDown');
    expect(await option().first().getAttribute('aria-selected')).toBe('true');
    await input.press('Escape');
    expect(await page.getByRole('listbox').count()).toBe(0);
    await input.fill('amxl ');
    await option().first().waitFor();
    await h.shot(page, 'shell-search-suggestions');
    const first = await option().first().textContent();
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('keywords') === first);
    expect(new URL(page.url()).searchParams.get('type')).toBe('0');
    expect(await input.inputValue()).toBe(first);
    await context.close();
  });
});
