import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('the shop shell', () => {
  it('serves the home page with the route title', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/');
    await expect.poll(() => page.title()).toBe('首页-药采');
    await h.shot(page, 'shell-home');
    await context.close();
  });

  it('sends unknown paths to /404', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/no/such/page');
    await page.waitForURL('**/404');
    await expect.poll(() => page.title()).toBe('页面不存在-药采');
    await h.shot(page, 'shell-404');
    await context.close();
  });
});
