import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../support/axe';
import { type Harness, startHarness } from '../support/harness';

// Accessibility of the buyer's main pages (issue #17): axe-core finds no serious or critical
// violation on home, list, detail, cart and step 2, for a visitor and for the logged-in demo store;
// nor on the console's lists and the mobile site's screens.

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

/**
 * Audits the page once `testId` shows: its serious and critical violations, reported under
 * `name`, or '' when there are none; a screenshot named `shot` when given.
 */
async function audit(name: string, testId: string, shot?: string): Promise<string> {
  await settle(testId);
  if (shot) await h.shot(page, shot);
  const v = await axeViolations(page);
  return v.length ? `${name}\n  ${report(v)}\n` : '';
}

/** Home, list and the first goods' detail page; returns the findings and the goods' id. */
async function auditCatalogue(who: string): Promise<{ found: string; goodsId: number }> {
  let found = '';
  await page.goto('/');
  found += await audit('/', 'goods-card', `a11y-${who}-home`);
  await page.goto('/list');
  found += await audit('/list', 'goods-card', `a11y-${who}-list`);
  const href = await page.getByTestId('goods-card').first().locator('a').first().getAttribute('href');
  await page.goto(href ?? '/list');
  found += await audit('detail', 'goods-detail');
  return { found, goodsId: Number(href?.match(/(\d+)$/)?.[1]) };
}

describe('accessibility (axe-core, WCAG 2.1 AA and best practices)', () => {
  it('the visitor’s home, list and detail have no serious or critical violation', async () => {
    expect((await auditCatalogue('visitor')).found).toBe('');
  });

  it('the logged-in store’s home, list, detail, cart and step 2 have none either', async () => {
    await h.signInBuyer(context, '13800000001');
    let { found, goodsId } = await auditCatalogue('buyer');
    // One line in the cart (the demo store's cart may be empty).
    const added = await context.request.post(`${h.baseUrl}/api/cart/quick_add/${goodsId}`);
    expect(added.ok(), await added.text()).toBe(true);
    await page.goto('/cart');
    found += await audit('/cart', 'cart-line');
    await page.getByTestId('cart-checkout').click();
    await page.waitForURL('**/cart/step2**');
    found += await audit('/cart/step2', 'submit-order', 'a11y-buyer-step2');
    expect(found).toBe('');
  });

  it('the console’s lists and the mobile site’s screens have none either', async () => {
    /** Audits a page once its requests are done and nothing spins. */
    const auditSettled = async (on: Page, name: string) => {
      await on.waitForLoadState('networkidle');
      await on.locator('.ant-spin-spinning, .adm-dot-loading').first().waitFor({ state: 'detached' });
      await on.waitForTimeout(300);
      const v = await axeViolations(on);
      return v.length ? `${name}\n  ${report(v)}\n` : '';
    };
    let found = '';
    const operator = await h.newPage();
    await h.signInOperator(operator.page, 'admin');
    for (const path of ['/admin/goods', '/admin/orders', '/admin/buyers', '/admin/jobs', '/admin/coupons']) {
      await operator.page.goto(path);
      found += await auditSettled(operator.page, path);
    }
    await h.shot(operator.page, 'a11y-console-coupons');
    await operator.context.close();
    const phone = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await h.signInBuyer(phone.context, '13800000001');
    for (const path of [
      '/m/',
      '/m/category',
      '/m/goods/1',
      '/m/orders',
      '/m/coupon-centre',
      '/m/points-mall',
    ]) {
      await phone.page.goto(path);
      found += await auditSettled(phone.page, path);
    }
    await h.shot(phone.page, 'a11y-h5-points-mall');
    await phone.context.close();
    expect(found).toBe('');
  });
});
