import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goods } from '../../apps/server/src/db/schema';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const searchPath = (keyword: string) => `/search?keywords=${encodeURIComponent(keyword)}&type=0`;

describe('search (#34)', () => {
  it('two characters suggest names containing them, highlighted; an alias search says what it searched; nothing found offers three ways on', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto('/');
    const input = page.getByTestId('header-search-input');
    await input.pressSequentially('感冒');
    const options = page.getByRole('listbox', { name: '搜索建议' }).getByRole('option');
    // A name holding 感冒 inside (999感冒灵颗粒), not only names starting with it, each marked.
    const inside = options.filter({ hasText: /^999感冒/ }).first();
    await inside.waitFor();
    expect(await inside.locator('mark').allTextContents()).toEqual(['感冒']);
    expect(await options.first().locator('mark').allTextContents()).toEqual(['感冒']);
    await h.shot(page, 'search-suggestions');

    // An old name: the goods of its generic name, and the notice of what was searched.
    await input.fill('扑热息痛');
    await input.press('Enter');
    await page.waitForURL(/\/search\?keywords=/);
    const notice = page.getByTestId('search-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('已为您搜索“对乙酰氨基酚”，仍搜索“扑热息痛”');
    await page.getByTestId('goods-card').filter({ hasText: '对乙酰氨基酚' }).first().waitFor();
    await h.shot(page, 'search-alias');
    // 仍搜索: the keyword as typed, which no goods is named.
    await notice.getByRole('link', { name: '扑热息痛' }).click();
    await page.getByTestId('no-results').waitFor();
    expect(await page.getByTestId('search-notice').count()).toBe(0);

    // A typo: the nearest name by pinyin, the hot searches, and an item request with the keyword.
    await page.goto(searchPath('阿摸西林'));
    const empty = page.getByTestId('no-results');
    await empty.waitFor();
    expect(await empty.textContent()).toContain('抱歉，没有找到与“阿摸西林”相关的商品');
    expect(await page.getByTestId('no-results-hot').getByRole('link').count()).toBeGreaterThan(0);
    expect(await page.getByTestId('no-results-request').getAttribute('href')).toBe(
      `/pzqg/add?name=${encodeURIComponent('阿摸西林')}`,
    );
    await h.shot(page, 'search-no-results');
    await page
      .getByTestId('did-you-mean')
      .getByRole('link', { name: /阿莫西林/ })
      .click();
    await page.getByTestId('goods-card').filter({ hasText: '阿莫西林' }).first().waitFor();

    // A scanner types the 13 digits of a box's barcode and presses Enter: its goods open.
    const [boxed] = await h.app.db
      .select({ id: goods.id, barcode: goods.barcode })
      .from(goods)
      .where(and(eq(goods.isOnSale, true), isNotNull(goods.barcode)))
      .orderBy(asc(goods.id))
      .limit(1);
    const search = page.getByTestId('header-search-input');
    await search.fill('');
    await search.pressSequentially(boxed.barcode ?? '');
    await search.press('Enter');
    await page.waitForURL(new RegExp(`/list/info/${boxed.id}(?:\\?|$)`));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the console adds an alias to a keyword that found nothing, in one click from 搜索词统计, and the shop then finds by it', async () => {
    const buyer = await h.newPage();
    await buyer.page.goto(searchPath('拉肚子'));
    await buyer.page.getByTestId('no-results').waitFor();

    const { page, context } = await h.newPage();
    await h.signInOperator(page, 'yunying');
    await page.getByTestId('admin-menu').getByRole('link', { name: '搜索词统计' }).click();
    const row = page.getByRole('row', { name: /拉肚子/ });
    await row.waitFor();
    await h.shot(page, 'admin-search-stats');
    await row.getByRole('button', { name: '添加同义词' }).click();
    const form = page.getByTestId('admin-synonym-form');
    expect(await form.getByTestId('admin-synonym-term').inputValue()).toBe('拉肚子');
    const names = form.getByTestId('admin-synonym-expansions').locator('input');
    await names.fill('蒙脱石散');
    await names.press('Enter');
    await h.shot(page, 'admin-synonym-form');
    await page.getByRole('button', { name: /^保\s*存$/ }).click();
    await page.getByText('已保存，商城搜索即时生效').waitFor();
    await page.getByTestId('admin-menu').getByRole('link', { name: '搜索同义词' }).click();
    await page.getByRole('row', { name: /拉肚子.*蒙脱石散/ }).waitFor();
    await h.shot(page, 'admin-synonyms');
    await context.close();

    await buyer.page.reload();
    const notice = buyer.page.getByTestId('search-notice');
    await notice.waitFor();
    expect(await notice.textContent()).toBe('已为您搜索“蒙脱石散”，仍搜索“拉肚子”');
    await buyer.page.getByTestId('goods-card').filter({ hasText: '蒙脱石散' }).first().waitFor();
    await buyer.context.close();
  });
});
