import { and, asc, eq, gt, inArray, notExists, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods, goodsSaleControls } from '../../apps/server/src/db/schema';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const CLINIC = '13800000003';
const PHARMACY = '13800000001';
const REFUSAL = '该商品为控销商品，仅限药店、连锁药店采购';

/** A goods on sale, in stock, within the clinic's scope and not yet controlled. */
async function freeGoods() {
  const [row] = await h.app.db
    .select({ id: goods.id, name: goods.name, sku: goods.sku })
    .from(goods)
    .where(
      and(
        eq(goods.isOnSale, true),
        eq(goods.isBuy, true),
        inArray(goods.scopeClass, ['fcfy', 'zcy', 'hxyzj']),
        gt(goods.stockTotal, 10),
        notExists(
          h.app.db
            .select({ one: sql`1` })
            .from(goodsSaleControls)
            .where(eq(goodsSaleControls.goodsId, goods.id)),
        ),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(1);
  return row;
}

describe('控销专区', () => {
  it('an operator controls a goods to pharmacies; a clinic sees why it cannot buy it, a pharmacy adds it to its cart', async () => {
    const target = await freeGoods();
    expect(target).toBeDefined();

    // The operator sets the control in the console.
    const op = await h.newPage();
    const opErrors = collectConsoleErrors(op.page);
    await h.signInOperator(op.page, 'yunying');
    await op.page.getByTestId('admin-menu').getByRole('link', { name: '控销管理' }).click();
    await op.page.getByTestId('admin-sale-controls').locator('tbody tr').first().waitFor();
    const picker = op.page.getByTestId('sale-control-form').getByRole('combobox').first();
    await picker.click({ force: true });
    await picker.pressSequentially(target.name);
    await op.page
      .locator('.ant-select-dropdown:visible')
      .getByTitle(`${target.name}（${target.sku}）`, { exact: true })
      .click();
    await op.page.keyboard.press('Escape');
    const types = op.page.getByTestId('sale-control-types');
    await types.getByRole('checkbox', { name: '药店', exact: true }).check();
    await types.getByRole('checkbox', { name: '连锁药店', exact: true }).check();
    await op.page.getByTestId('sale-control-save').click();
    await op.page.getByText('控销已设置').waitFor();
    await op.page.getByLabel('搜索控销商品').fill(target.name);
    await op.page.getByLabel('搜索控销商品').press('Enter');
    const row = op.page
      .getByTestId('admin-sale-controls')
      .locator('tbody tr')
      .filter({ hasText: target.sku });
    await row.waitFor();
    expect(await row.textContent()).toContain('药店、连锁药店');
    await h.shot(op.page, 'kxzq-console');
    expect(opErrors).toEqual([]);
    await op.context.close();

    // The clinic sees the goods, unpriced, and why; it cannot add it.
    const clinic = await h.newPage();
    await h.signInBuyer(clinic.context, CLINIC);
    await clinic.page.goto(`/list/info/${target.id}`);
    await clinic.page.getByText(REFUSAL).first().waitFor();
    expect(await clinic.page.getByTestId('price').count()).toBe(0);
    expect(await clinic.page.getByTestId('add-to-cart').isDisabled()).toBe(true);
    await h.shot(clinic.page, 'kxzq-clinic-detail');
    await clinic.page.goto(`/kxzq/list?keywords=${encodeURIComponent(target.name)}`);
    const card = clinic.page.getByTestId('goods-card').filter({ hasText: target.name }).first();
    await card.getByText(REFUSAL).waitFor();
    await h.shot(clinic.page, 'kxzq-clinic-list');
    await clinic.page.goto('/kxzq');
    await clinic.page.getByTestId('kxzq-floor-new').getByTestId('goods-card').first().waitFor();
    await h.shot(clinic.page, 'kxzq-home');
    await clinic.context.close();

    // The pharmacy sees the price and adds it to its cart.
    const pharmacy = await h.newPage();
    await h.signInBuyer(pharmacy.context, PHARMACY);
    await pharmacy.page.goto(`/list/info/${target.id}`);
    await pharmacy.page.getByTestId('price').first().waitFor();
    await pharmacy.page.getByTestId('add-to-cart').click();
    await pharmacy.page.getByText('已加入购物车').waitFor();
    await h.shot(pharmacy.page, 'kxzq-pharmacy-added');
    await pharmacy.context.close();
  });
});
