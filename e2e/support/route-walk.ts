import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectedFlags, guardedSamples, routeSamples } from '../../apps/shop/src/app/route-samples';
import { collectConsoleErrors, expectRefusal, type Harness, navigateInApp } from './harness';

/** Console errors of the page, minus 404s of API calls this build does not serve yet. */
const pageErrors = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource.*\[[^\]]*\/api\//.test(e));

/** Where a page that opens only in its flow, or only for visitors, sends a fresh tab. */
const landingOf = (url: string, loggedIn: boolean) =>
  guardedSamples.find(([sample]) => sample === url)?.[loggedIn ? 2 : 1];

/**
 * Opens one sample URL of the route table and checks its title and layout parts. Each route is a
 * test of its own with its own waits, so a slow machine slows the walk down but cannot make a
 * budget for the whole table run out.
 */
async function checkRoute(
  page: Page,
  [url, name, title, kind]: (typeof routeSamples)[number],
  loggedIn: boolean,
  reload: boolean,
) {
  if (reload) await page.goto(url);
  // The walk polls for what it checks: no need to wait for the network to go quiet.
  else await navigateInApp(page, url, 0);
  const flags = expectedFlags[kind];
  if (flags.requiresLogin && !loggedIn) {
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    await expect.poll(() => page.title(), { message: url, timeout: 15_000 }).toBe('登录-药采');
    return;
  }
  const landing = landingOf(url, loggedIn);
  if (landing) {
    await page.waitForURL((u) => u.pathname === landing, { timeout: 15_000 });
    const landingTitle = routeSamples.find(([sample]) => sample === landing)?.[2];
    await expect.poll(() => page.title(), { message: url, timeout: 15_000 }).toBe(`${landingTitle}-药采`);
    return;
  }
  if (name === 'eleven_index') {
    await page.waitForURL((u) => u.pathname === '/', { timeout: 15_000 });
    return;
  }
  await expect
    .poll(() => page.title(), { message: url, timeout: 15_000 })
    .toBe(title ? `${title}-药采` : '药采');
  const parts = [
    ['header', 'header-search-input'],
    ['footer', 'footer'],
    ['sideBar', 'side-bar'],
  ] as const;
  for (const [flag, testId] of parts) {
    if (flags[flag] === true) await page.getByTestId(testId).waitFor();
    if (flags[flag] === false) expect(await page.getByTestId(testId).count(), `${url} ${flag}`).toBe(0);
  }
  if (flags.loginHeader) await page.locator('.sh-header--login').waitFor();
  if (loggedIn && flags.header) await page.getByTestId('header-company').waitFor();
}

/** One test per sample URL, walked in one page (one visitor, or the demo buyer logged in). */
export function walkRouteTable(h: () => Harness, who: string, loggedIn: boolean) {
  describe(`every route of the route table renders its layout ${who}`, () => {
    let page: Page;
    let close: () => Promise<void>;
    let errors: string[];
    beforeAll(async () => {
      const opened = await h().newPage();
      page = opened.page;
      close = () => opened.context.close();
      if (loggedIn) {
        const login = await page.request.post('/api/user/login', {
          form: { username: '13800000001', password: 'Demo@123456' },
        });
        expect(login.ok()).toBe(true);
      }
      errors = collectConsoleErrors(page);
    });
    afterAll(() => close?.());

    // The first route and the guarded ones (which send a fresh tab elsewhere) are loaded afresh;
    // the rest are reached in the app, the way its links reach them.
    let loaded = false;
    it.each(routeSamples)('%s', async (...sample) => {
      const before = errors.length;
      const guarded = landingOf(sample[0], loggedIn) !== undefined;
      const reload = !loaded || guarded;
      loaded = true;
      // A sample's id (/order/info/9) need not be the walker's: the page asks, is told 404 and
      // says the record does not exist. The same allowance as pageErrors, for the console check.
      if (!guarded) expectRefusal(404, /^\/api\//);
      await checkRoute(page, sample, loggedIn, reload);
      // A guarded page sends no call before it sends the tab on (/cart/hm without an order once
      // asked for the credit terms of order 0, which answered 422): no failed call at all.
      const fresh = errors.slice(before);
      expect(guarded ? fresh : pageErrors(fresh)).toEqual([]);
    });
  });
}
