import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, screenshotDir, startHarness } from '../support/harness';

// What a buyer sees first (issue 30), measured with boxes at the widths a shop window has: the
// home banner's headline fits its slot, the side bar's cart count leaves 购物车 readable, the
// lottery lies over nothing of the page, cart step 1 stays centred with the top bar's links in
// view, and a zone shows goods on the first screen.

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const WIDTHS = [1200, 1366, 1920];
const BUYER = '13800000001';

let h: Harness;
let detailPath = '';
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const intersects = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, b: Box) =>
  a.x >= b.x - 0.5 &&
  a.y >= b.y - 0.5 &&
  a.x + a.width <= b.x + b.width + 0.5 &&
  a.y + a.height <= b.y + b.height + 0.5;

async function box(page: Page, testId: string): Promise<Box> {
  const found = await page.getByTestId(testId).first().boundingBox();
  if (!found) throw new Error(`${testId} has no box`);
  return found;
}

/** Viewport screenshot e2e/screenshots/layout-<width>-<name>.png: what the buyer sees first. */
const shot = (page: Page, width: number, name: string) =>
  page.screenshot({ path: path.join(screenshotDir, `layout-${width}-${name}.png`) });

/**
 * The boxes of what a buyer reads or presses on the page (links, buttons, fields, goods cards),
 * outside the side bar, on the screen: what an overlay must not lie over.
 */
const pageTargets = (page: Page) =>
  page.evaluate(() => {
    const targets = document.querySelectorAll(
      'a, button, input, select, textarea, [role=button], [data-testid=goods-card]',
    );
    return Array.from(targets)
      .filter((el) => !el.closest('[data-testid=side-bar]'))
      .map((el) => {
        const r = el.getBoundingClientRect();
        const label = `${el.tagName.toLowerCase()} ${(el.textContent ?? '').trim().slice(0, 20)}`;
        return { x: r.x, y: r.y, width: r.width, height: r.height, label };
      })
      .filter((r) => r.width > 0 && r.height > 0 && r.y < innerHeight && r.y + r.height > 0);
  });

/**
 * Neither the side bar nor the lottery's entry (its card where shown, else the bar's tab) lies
 * over anything of the page, at any width from 1200 px: below 1280 px the bar has a column of its
 * own beside the page (from 1200 to 1239 px past the window's edge, reached by scrolling).
 */
async function expectLotteryClear(page: Page) {
  await page.getByTestId('lottery-banner').waitFor({ state: 'attached' });
  const card = page.getByTestId('lottery-banner');
  const entry = (await card.isVisible()) ? await box(page, 'lottery-banner') : await box(page, 'lottery-tab');
  const bar = (await page.locator('.sh-sidebar__bar').boundingBox()) as Box;
  const targets = await pageTargets(page);
  expect(
    targets.filter((t) => intersects(entry, t)).map((t) => t.label),
    'under the lottery',
  ).toEqual([]);
  expect(
    targets.filter((t) => intersects(bar, t)).map((t) => t.label),
    'under the side bar',
  ).toEqual([]);
  if (!(await card.isVisible())) expect(inside(entry, bar), 'the lottery tab within the side bar').toBe(true);
}

/** The side bar's count box and the box of the 车 of its vertical 购物车 label do not meet. */
async function expectCartBadgeClear(page: Page, count: string) {
  const boxes = await page.evaluate((text) => {
    const button = document.querySelector('[data-testid=side-cart]');
    const label = button?.querySelector('.sh-sidebar__vert')?.firstChild;
    const badge = button?.querySelector('.sh-badge');
    if (!label || !badge) throw new Error('no cart label or badge');
    badge.textContent = text;
    const range = document.createRange();
    const at = (label.textContent ?? '').indexOf('车');
    range.setStart(label, at);
    range.setEnd(label, at + 1);
    const plain = (r: DOMRect) => ({ x: r.x, y: r.y, width: r.width, height: r.height });
    return { char: plain(range.getBoundingClientRect()), badge: plain(badge.getBoundingClientRect()) };
  }, count);
  expect(boxes.char.height, '车 is laid out').toBeGreaterThan(0);
  expect(intersects(boxes.char, boxes.badge), `the ${count} badge over 车`).toBe(false);
}

/** Every home banner is drawn for its slot (no crop) and its headline fits inside the drawing. */
async function expectBannersFit(page: Page, context: BrowserContext) {
  const images = await page
    .getByTestId('home-banners')
    .locator('img')
    .evaluateAll((imgs) =>
      (imgs as HTMLImageElement[]).map((img) => ({
        src: img.getAttribute('src') ?? '',
        ratio: img.naturalWidth / img.naturalHeight,
        slot: img.clientWidth / img.clientHeight,
      })),
    );
  expect(images.length).toBeGreaterThan(0);
  const svgPage = await context.newPage();
  for (const image of images) {
    expect(Math.abs(image.ratio - image.slot), `${image.src} cropped`).toBeLessThan(0.02);
    await svgPage.goto(image.src);
    const fit = await svgPage.evaluate(() => {
      const svg = document.documentElement as unknown as SVGSVGElement;
      const width = svg.viewBox.baseVal.width;
      const lines = Array.from(svg.querySelectorAll('text[data-role]')) as SVGTextElement[];
      return lines.map((t) => {
        const b = t.getBBox();
        return { text: t.textContent, left: b.x, right: b.x + b.width, width };
      });
    });
    expect(fit.length, image.src).toBe(2);
    // Inside the drawing, clear of the artwork that starts at 74 % of its width.
    for (const line of fit) {
      expect(line.left, line.text ?? '').toBeGreaterThanOrEqual(0);
      expect(line.right, line.text ?? '').toBeLessThanOrEqual(line.width * 0.74);
    }
  }
  await svgPage.close();
}

describe('what a buyer sees first, at 1200, 1366 and 1920 px', () => {
  for (const width of WIDTHS) {
    it(`home, list, detail, cart and zone at ${width} px`, async () => {
      const { context, page } = await h.newPage();
      await page.setViewportSize({ width, height: 900 });
      await h.signInBuyer(context, BUYER);

      await page.goto('/');
      await page.getByTestId('home-banners').locator('img').first().waitFor();
      await page.getByTestId('side-cart').waitFor();
      await shot(page, width, 'home');
      await expectBannersFit(page, context);
      await expectCartBadgeClear(page, '5');
      await expectCartBadgeClear(page, '99+');
      await page.reload();
      await expectLotteryClear(page);

      await page.goto('/list');
      await page.getByTestId('goods-card').nth(4).waitFor();
      await expectLotteryClear(page);
      await shot(page, width, 'list');
      if (!detailPath) {
        const href = await page.getByTestId('goods-card').first().locator('a').first().getAttribute('href');
        detailPath = href ?? '';
      }

      await page.goto(detailPath);
      await page.getByTestId('goods-detail').waitFor();
      if (width === WIDTHS[0]) {
        // A line in the cart, so step 1 below shows its list.
        await page.getByTestId('add-to-cart').first().click();
        await page.getByText('已加入购物车').first().waitFor();
      }
      await expectLotteryClear(page);
      await shot(page, width, 'detail');

      await page.goto('/cart');
      await page.getByTestId('cart-line').first().waitFor();
      expect(await page.getByTestId('side-bar').getAttribute('data-open')).toBe('false');
      expect(await page.getByTestId('cart-drawer').count()).toBe(0);
      const links = await page.locator('.sh-topbar__links > *').evaluateAll((els) =>
        els.map((el) => {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
          return { text: el.textContent, shown: !!hit && (el === hit || el.contains(hit)) };
        }),
      );
      expect(links.length).toBeGreaterThan(4);
      for (const link of links) expect(link.shown, `${link.text} in view`).toBe(true);
      const column = await box(page, 'cart-page');
      // Centred in the page's width: the window's, less the side bar's column below 1280 px.
      const gutters = await page.evaluate((c) => {
        const app = document.querySelector('.sh-app') as HTMLElement;
        const pageRight =
          app.getBoundingClientRect().right + scrollX - Number.parseFloat(getComputedStyle(app).paddingRight);
        return { left: c.x + scrollX, right: pageRight - (c.x + scrollX + c.width) };
      }, column);
      expect(Math.abs(gutters.left - gutters.right), JSON.stringify(gutters)).toBeLessThanOrEqual(2);
      await expectLotteryClear(page);
      await shot(page, width, 'cart');

      // The zone on a 768 px high screen: its first goods row on the first screen.
      await page.setViewportSize({ width, height: 768 });
      await page.goto('/yx');
      await page.getByTestId('zone-banner').waitFor();
      const card = page.getByTestId('goods-card').first();
      await card.waitFor();
      await shot(page, width, 'zone');
      expect((await box(page, 'zone-banner')).height).toBeLessThanOrEqual(160);
      const first = await box(page, 'goods-card');
      // Its picture at least (160 px of the card's top) on the first screen; the 400 px banner of
      // before put the first card's top below the fold.
      expect(first.y + 160, 'the first goods card above the fold').toBeLessThanOrEqual(768);
      await expectLotteryClear(page);
      await context.close();
    });
  }
});
