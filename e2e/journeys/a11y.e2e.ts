import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { type Harness, startHarness } from '../support/harness';

// Accessibility of the buyer's main pages (issue #17): axe-core finds no serious or critical
// violation on home, list, detail, cart and step 2, for a visitor and for the logged-in demo store.

let h: Harness;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  h = await startHarness();
  ({ context, page } = await h.newPage());
});
afterAll(async () => {
  await context?.close();
  await h?.close();
});

async function settle(testId: string) {
  await page.getByTestId(testId).first().waitFor();
  await page.locator('.ant-spin-spinning').first().waitFor({ state: 'detached' });
  // Entrance animations (drawers, carousels) end before axe reads colours.
  await page.waitForTimeout(600);
}

const report = (v: Awaited<ReturnType<typeof axeViolations>>) =>
  v
    .map(
      (x) =>
        `${x.impact} ${x.id}: ${x.help}\n    ${x.nodes.map((n) => `${n.target.join(' ')} ${n.html}`).join('\n    ')}`,
    )
    .join('\n');

describe('accessibility (axe-core, WCAG 2.1 AA and best practices)', () => {
  it('the visitor’s home, list and detail have no serious or critical violation', async () => {
    const found: string[] = [];
    for (const [path, testId] of [
      ['/', 'goods-card'],
      ['/list', 'goods-card'],
    ] as const) {
      await page.goto(path);
      await settle(testId);
      const v = await axeViolations(page);
      if (v.length) found.push(`${path}\n  ${report(v)}`);
    }
    const href = await page.getByTestId('goods-card').first().locator('a').first().getAttribute('href');
    await page.goto(href ?? '/list');
    await settle('goods-detail');
    const v = await axeViolations(page);
    if (v.length) found.push(`detail\n  ${report(v)}`);
    expect(found.join('\n')).toBe('');
  });

  it('the logged-in store’s home, list, detail, cart and step 2 have none either', async () => {
    await h.signInBuyer(context, '13800000001');
    const found: string[] = [];
    for (const [path, testId] of [
      ['/', 'goods-card'],
      ['/list', 'goods-card'],
    ] as const) {
      await page.goto(path);
      await settle(testId);
      await h.shot(page, `a11y-buyer${path.replace(/\//g, '-')}`);
      const v = await axeViolations(page);
      if (v.length) found.push(`${path}\n  ${report(v)}`);
    }
    const href = await page.getByTestId('goods-card').first().locator('a').first().getAttribute('href');
    await page.goto(href ?? '/list');
    await settle('goods-detail');
    let v = await axeViolations(page);
    if (v.length) found.push(`detail\n  ${report(v)}`);
    // One line in the cart (the demo store's cart may be empty).
    const id = Number(href?.match(/(\d+)$/)?.[1]);
    const added = await context.request.post(`${h.baseUrl}/api/cart/quick_add/${id}`);
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto('/cart');
    await settle('cart-line');
    v = await axeViolations(page);
    if (v.length) found.push(`/cart\n  ${report(v)}`);
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL('**/cart/step2**');
    await settle('submit-order');
    await h.shot(page, 'a11y-buyer-step2');
    v = await axeViolations(page);
    if (v.length) found.push(`/cart/step2\n  ${report(v)}`);
    expect(found.join('\n')).toBe('');
  });
});
