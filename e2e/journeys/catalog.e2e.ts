import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const PRICE_NUMBER = /¥\s*\d/;

/** Logs a demo buyer in through the API (the login screen has journeys of its own). */
async function logIn(context: BrowserContext, phone: string): Promise<void> {
  const response = await context.request.post(`${h.baseUrl}/api/user/login`, {
    form: { username: phone, password: 'Demo@123456' },
  });
  expect(response.status()).toBe(200);
}

function homeLcp(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const entries = list.getEntries();
          resolve(entries[entries.length - 1].startTime);
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );
}

/** Searches goods names through the home page's header box, manufacturers by address. */
async function search(page: Page, keywords: string, type: 0 | 1) {
  if (type === 0) {
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    const input = page.getByTestId('header-search-input');
    await input.fill(keywords);
    await input.press('Enter');
    await page.waitForURL(/\/search/);
  } else {
    // The header box searches goods names; the manufacturer search is the address's.
    await page.goto(`/search?keywords=${encodeURIComponent(keywords)}&type=${type}`);
  }
  await page.getByTestId('goods-results').waitFor();
}

describe('catalogue screens', () => {
  it('renders the home page with banners, zones and goods floors', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/');
    await page.getByTestId('zone-entrances').waitFor();
    await page.getByTestId('home-banners').waitFor();
    await page.getByTestId('home-hot').waitFor();
    // The floors below the first screen load as they come near the viewport.
    await page.getByTestId('home-recommend').scrollIntoViewIfNeeded();
    await page.getByTestId('home-recommend').locator('[data-testid=goods-card]').first().waitFor();
    // Brand logos load lazily: bring them into view before the full-page screenshot.
    await page.getByTestId('home-brands').scrollIntoViewIfNeeded();
    await page.waitForLoadState('networkidle');
    await h.shot(page, 'catalog-home');
    await context.close();
  });

  // The 1.5 s LCP budget is measured by the benchmark (npm run bench -- lcp), not by a timed test:
  // here the home page must reach a largest contentful paint at all, and the figure is logged.
  // One cold load: three (until 2026-11-29) told no more here, and cost the busy CI machine 5 s.
  it('paints the home page (largest contentful paint of a cold browser load)', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/', { waitUntil: 'networkidle' });
    const lcp = await homeLcp(page);
    console.info(`home LCP ${Math.round(lcp)} ms`);
    expect(lcp).toBeGreaterThan(0);
    await context.close();
  });

  it('shows visitors 登录后查看价格 and no price anywhere in the list', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/list');
    await page.getByTestId('goods-card').first().waitFor();
    expect(await page.getByTestId('price').count()).toBe(0);
    expect(await page.getByText('登录后查看价格').count()).toBeGreaterThan(0);
    const text = await page.getByTestId('goods-results').textContent();
    expect(text).not.toMatch(PRICE_NUMBER);
    await h.shot(page, 'catalog-list-visitor');
    await context.close();
  });

  it('finds 阿莫西林 by its pinyin initials and goods by a manufacturer name', async () => {
    const { page, context } = await h.newPage();
    await search(page, 'amxl', 0);
    await page.getByTestId('goods-card').first().waitFor();
    expect(await page.getByTestId('goods-results').textContent()).toContain('阿莫西林');
    await search(page, '华北制药', 1);
    await page.getByTestId('goods-card').first().waitFor();
    const makers = await page.locator('[data-testid=goods-card] .yc-muted[title*="制药"]').allInnerTexts();
    expect(makers.length).toBeGreaterThan(0);
    for (const maker of makers) expect(maker).toContain('华北制药');
    await context.close();
  });

  it('picks a search suggestion with the keyboard', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/');
    await page.getByTestId('home-page').waitFor();
    const input = page.getByTestId('header-search-input');
    await input.pressSequentially('amxl');
    await page.getByRole('option').first().waitFor();
    await input.press('ArrowDown');
    await input.press('Enter');
    await page.waitForURL(/\/search\?keywords=/);
    expect(decodeURIComponent(page.url())).toContain('阿莫西林');
    await page.locator('[data-testid=goods-results] [data-testid=goods-card]').first().waitFor();
    expect(await page.getByTestId('goods-results').textContent()).toContain('阿莫西林');
    await context.close();
  });

  it('switches between cards, table and text views in the address', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/list?sort=sales');
    await page.getByTestId('goods-card').first().waitFor();
    await h.shot(page, 'catalog-list-cards');
    await page.getByTestId('view-table').click();
    await page.waitForURL(/\/list\/table\?sort=sales$/);
    await page.getByTestId('goods-table').waitFor();
    await h.shot(page, 'catalog-list-table');
    await page.getByTestId('view-text').click();
    await page.waitForURL(/\/list\/no_image\?sort=sales$/);
    await page.getByTestId('goods-text-row').first().waitFor();
    await h.shot(page, 'catalog-list-text');
    await page.goBack();
    await page.waitForURL(/\/list\/table/);
    await page.getByTestId('goods-table').waitFor();
    await context.close();
  });

  it('shows the zones and the brand zone with their goods', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/yx');
    await page.getByTestId('zone-banner').waitFor();
    await page.getByTestId('goods-card').first().waitFor();
    await h.shot(page, 'catalog-zone-yx');
    await page.goto('/ppzq');
    await page.getByTestId('brand-tile').first().click();
    await page.waitForURL(/\/ppzq\/info\/\d+/);
    await page.getByTestId('brand-story').waitFor();
    await page.getByTestId('goods-card').first().waitFor();
    await h.shot(page, 'catalog-brand');
    await context.close();
  });

  it('opens a goods detail page from the list', async () => {
    const { page, context } = await h.newPage();
    await page.goto('/search?keywords=amxl');
    await page.locator('[data-testid=goods-card] .yc-card-name').first().click();
    await page.waitForURL(/\/list\/info\/\d+/);
    await page.getByTestId('goods-detail').waitFor();
    expect(await page.getByTestId('goods-facts').textContent()).toContain('批准文号');
    await h.shot(page, 'catalog-detail-visitor');
    await context.close();
  });

  it('lets a buyer favourite and unfavourite a goods', async () => {
    const { page, context } = await h.newPage();
    await logIn(context, '13800000001');
    await page.goto('/list/table?sort=sales');
    await page.getByTestId('price').first().waitFor();
    await h.shot(page, 'catalog-list-table-buyer');
    await page.goto('/search?keywords=amxl');
    await page.locator('[data-testid=goods-card] .yc-card-name').first().click();
    await page.getByTestId('goods-detail').waitFor();
    expect(await page.getByTestId('price').count()).toBeGreaterThan(0);
    await h.shot(page, 'catalog-detail-buyer');
    const button = page.getByTestId('favorite-button');
    if ((await button.textContent())?.includes('已收藏')) {
      await button.click();
      await page.getByText('取消收藏成功').waitFor();
    }
    await button.click();
    await page.locator('.ant-modal-confirm-title', { hasText: '收藏成功' }).waitFor();
    await page.getByRole('button', { name: '查看收藏' }).click();
    await page.waitForURL(/\/star/);
    await page.getByTestId('favorites-table').waitFor();
    await page.locator('.ant-modal-wrap').waitFor({ state: 'hidden' });
    await h.shot(page, 'catalog-favorites');
    await page.goBack();
    await page.getByTestId('favorite-button').click();
    await page.getByText('取消收藏成功').waitFor();
    await context.close();
  });

  it('adds a goods to the cart from its detail page', async () => {
    const { page, context } = await h.newPage();
    await logIn(context, '13800000001');
    await page.goto('/search?keywords=amxl');
    await page.locator('[data-testid=goods-card] .yc-card-name').first().click();
    await page.getByTestId('goods-detail').waitFor();
    // 阿莫西林胶囊 has the demo 赠 rule: the page announces what the cart will apply.
    expect(await page.getByTestId('detail-gift').textContent()).toBe(
      '赠每买10盒赠稳健 医用棉签(灭菌) ×1包，最多赠5包',
    );
    await page.getByTestId('add-to-cart').click();
    await page.getByText('已加入购物车').waitFor();
    await context.close();
  });

  it('tells a buyer whose qualifications are pending 资质审核通过后可见', async () => {
    const { page, context } = await h.newPage();
    await logIn(context, '13800000002');
    await page.goto('/list');
    await page.getByTestId('goods-card').first().waitFor();
    expect(await page.getByText('资质审核通过后可见').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('price').count()).toBe(0);
    // The eligibility rule refuses the add too: the detail page offers no add-to-cart.
    await page.locator('[data-testid=goods-card] .yc-card-name').first().click();
    await page.getByTestId('goods-detail').waitFor();
    expect(await page.getByTestId('add-to-cart').isDisabled()).toBe(true);
    await context.close();
  });
});
