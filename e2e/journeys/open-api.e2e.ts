import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

// The ERP's day one: an operator makes a key on 系统 → 开放接口, the reference client pushes goods
// and stock from its CSV with that key, and a buyer finds them in the shop with their stock.

const run = promisify(execFile);
const here = path.dirname(fileURLToPath(import.meta.url));
const exampleDir = path.resolve(here, '../../examples/erp-sync');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

describe('open API', () => {
  it('a key made in the console pushes goods and stock from the reference client; the shop shows them', async () => {
    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInOperator(page, 'admin');
    await page.getByTestId('admin-menu').getByRole('link', { name: '开放接口' }).click();
    const screen = page.getByTestId('admin-open-keys');
    await screen.waitFor();
    await page.getByTestId('open-key-new').click();
    await page.getByLabel('名称').fill('用友U8 商品同步');
    for (const scope of ['商品', '库存与批号', '价格']) await page.getByLabel(scope).check();
    await page.getByTestId('open-key-create').click();
    const secret = page.getByTestId('open-key-secret');
    await secret.waitFor();
    const key = (await secret.locator('code').textContent())?.trim() ?? '';
    expect(key).toMatch(/^yc_[A-Za-z0-9_-]{43}$/);
    await page.getByText('密钥只显示这一次').waitFor();
    await h.shot(page, 'open-api-key-created');
    await page.getByRole('button', { name: '我已保存' }).click();
    const row = screen.locator('tbody tr', { hasText: '用友U8 商品同步' });
    await row.waitFor();
    expect(await row.textContent()).toContain('库存与批号');
    expect(await row.textContent()).toContain('有效');
    expect(await row.textContent()).not.toContain(key);
    await h.shot(page, 'open-api-keys');

    const { stdout } = await run('node', [path.join(exampleDir, 'push-goods.mjs'), 'sample-goods.csv'], {
      cwd: exampleDir,
      env: { ...process.env, YAOCAI_URL: h.baseUrl, YAOCAI_KEY: key },
    });
    expect(stdout).toContain('商品: 新建 3，更新 0，未变 0，失败 0');
    expect(stdout).toContain('库存: 新建 0，更新 3，未变 0，失败 0');

    // The key's first use shows on the screen.
    await page.reload();
    await screen.locator('tbody tr', { hasText: '用友U8 商品同步' }).waitFor();
    expect(await screen.locator('tbody tr', { hasText: '用友U8 商品同步' }).textContent()).not.toContain(
      '从未调用',
    );

    await h.signInBuyer(context, '13800000001');
    await page.goto('/search?keywords=ERP同步');
    const card = page.getByTestId('goods-card').filter({ hasText: '阿莫西林胶囊（ERP同步）' });
    await card.waitFor();
    await card.locator('.yc-card-name').click();
    await page.getByTestId('goods-detail').waitFor();
    const detail = await page.getByTestId('goods-detail').textContent();
    expect(detail).toContain('国药准字H15020123');
    expect(detail).toContain('156');
    await h.shot(page, 'open-api-goods-in-shop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
