import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, cartMergeKey, goods, goodsStock, users } from '../../apps/server/src/db/schema';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

/**
 * Coupons: a store claims a coupon at /lqzx and uses it at step 2, where the coupon is split line
 * by line; an operator creates a coupon in the console. Cart lines are put in the cart directly.
 */
let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

async function cartLines(phone: string, count: number, quantity: number) {
  const [u] = await h.app.db.select().from(users).where(eq(users.phone, phone));
  const picks = await h.app.db
    .select({ goodsId: goods.id, warehouseId: goodsStock.warehouseId, step: goods.stepQuantity })
    .from(goods)
    .innerJoin(goodsStock, eq(goodsStock.goodsId, goods.id))
    .where(
      and(
        gt(goodsStock.quantity, 500),
        eq(goods.ephedrine, false),
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(20);
  const ids: number[] = [];
  for (const p of picks.filter((r) => r.step === 1).slice(0, count)) {
    const [line] = await h.app.db
      .insert(cartItems)
      .values({ userId: u.id, goodsId: p.goodsId, warehouseId: p.warehouseId, quantity })
      .onConflictDoUpdate({ target: cartMergeKey, set: { quantity } })
      .returning();
    ids.push(line.id);
  }
  return ids;
}

describe('coupons', () => {
  it('a store claims a coupon at /lqzx and uses it at step 2, split line by line', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto('/lqzx');
    const limited = page.getByTestId('centre-coupon').filter({ hasText: '限量抢 满1000减100' });
    await limited.waitFor();
    await expect.poll(() => limited.textContent()).toContain('剩余2张');
    await expect
      .poll(() => page.getByTestId('centre-coupon').filter({ hasText: '已领取' }).count())
      .toBeGreaterThan(0);
    await h.shot(page, 'coupon-centre');
    await limited.getByTestId('centre-claim').click();
    await expect.poll(() => limited.textContent()).toContain('已领取');
    await expect.poll(() => limited.textContent()).toContain('剩余1张');
    await h.shot(page, 'coupon-centre-claimed');

    await page.goto('/yhq');
    await page.getByTestId('coupons-page').getByText('限量抢 满1000减100').waitFor();
    // Each held coupon says where it applies.
    expect(await page.getByTestId('coupon-scope').allTextContents()).toContain('全场通用');
    await h.shot(page, 'coupon-yhq');

    const ids = await cartLines('13800000001', 3, 60);
    await page.goto(`/cart/step2?ids=${ids.join(',')}`);
    await page.getByTestId('submit-order').waitFor();
    const coupon = page.getByTestId('coupon-select');
    const option = coupon.getByRole('option', { name: /限量抢 满1000减100/ });
    await coupon.selectOption({ label: (await option.textContent()) ?? '' });
    // The choice is taken (the select shows it), then priced: the summary is busy until the
    // figures of that coupon arrive, and they split it line by line.
    await expect
      .poll(() => coupon.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.text))
      .toContain('限量抢 满1000减100');
    await expect.poll(() => page.getByTestId('step2-summary').getAttribute('aria-busy')).toBe('false');
    const split = page.getByTestId('coupon-split');
    await split.waitFor();
    await expect.poll(() => split.locator('tbody tr').count()).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('amounts').textContent()).toContain('优惠券');
    await page.getByTestId('stacking-rules').getByText('优惠说明').click();
    await page.getByTestId('stacking-rules').getByText('每单限用一张平台优惠券').waitFor();
    await h.shot(page, 'coupon-step2-split');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('an operator creates a coupon in the console and publishes it', async () => {
    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'admin');
    await page.goto('/admin/coupons');
    await page.getByTestId('admin-coupon-new').click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('券名称').fill('E2E 满400减35');
    await dialog.getByLabel('使用门槛（元）').fill('400');
    await dialog.getByLabel('面额（元）').fill('35');
    await h.shot(page, 'admin-coupon-form');
    await dialog.getByRole('button', { name: '保 存' }).click();
    // A new coupon is a draft, and the console says what it takes for stores to claim it.
    await page.getByText('已保存为草稿，发布后门店才能领取').waitFor();
    const row = page.getByTestId('admin-coupons').getByRole('row').filter({ hasText: 'E2E 满400减35' });
    await row.getByTestId('admin-coupon-draft-hint').getByText('点「发布」后门店才能领取').waitFor();
    await row.getByRole('button', { name: '发布' }).click();
    await expect.poll(() => row.textContent()).toContain('进行中');
    expect(await row.getByTestId('admin-coupon-draft-hint').count()).toBe(0);
    await h.shot(page, 'admin-coupons');
    // Ending asks first: stores' unused coupons are voided with it.
    await row.getByRole('button', { name: '结束' }).click();
    const confirm = page.locator('.ant-popconfirm:not(.ant-popover-hidden)');
    await confirm.getByText('门店已领取未使用的券将作废').waitFor();
    await h.shot(page, 'admin-coupon-end-confirm');
    await confirm.getByRole('button', { name: /^结\s*束$/ }).click();
    await expect.poll(() => row.textContent()).toContain('已结束');
    await context.close();
  });
});
