import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, users } from '../../apps/server/src/db/schema';
import { openApiKey } from '../../apps/server/test/factories';
import { collectConsoleErrors, type Harness, startHarness } from '../support/harness';

// The ERP's day one: an operator makes a key on 系统 → 开放接口, the reference client pushes goods
// and stock from its CSV with that key, and a buyer finds them in the shop with their stock; the
// ERP pulls the paid orders, ships one from its warehouse, and the store sees the batches.

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

  it('the ERP pulls the paid orders, ships one with its trace codes, and the store sees the batches', async () => {
    const db = h.app.db;
    const { key } = await openApiKey(h.app, ['orders', 'shipments'], { name: '用友U8 订单' });
    const [buyer] = await db.select().from(users).where(eq(users.phone, '13800000001'));
    const [order] = await db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, buyer.id), eq(orders.status, 'awaiting_shipment')))
      .orderBy(asc(orders.id))
      .limit(1);
    const lines = await db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order.id))
      .orderBy(asc(orderLines.id));
    const work = mkdtempSync(path.join(tmpdir(), 'erp-sync-'));
    const env = { ...process.env, YAOCAI_URL: h.baseUrl, YAOCAI_KEY: key };
    try {
      const out = path.join(work, 'orders.csv');
      await run(
        'node',
        [
          path.join(exampleDir, 'pull-orders.mjs'),
          '--status',
          'awaiting_shipment',
          '--out',
          out,
          '--state',
          path.join(work, 'state.json'),
        ],
        { cwd: work, env },
      );
      expect(readFileSync(out, 'utf8')).toContain(order.orderNo);
      expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].ackedAt).not.toBeNull();

      // One trace code per pack, as the ERP's warehouse scanned them; the batches by FEFO.
      let n = 0;
      const code = () => `8${String(990_000 + n++).padStart(19, '0')}`;
      const shipment = {
        carrier: '顺丰速运',
        tracking_no: 'SF7788990011',
        lines: lines.map((l) => ({ line_id: l.id, trace_codes: Array.from({ length: l.quantity }, code) })),
      };
      writeFileSync(path.join(work, 'shipment.json'), JSON.stringify(shipment));
      const { stdout } = await run(
        'node',
        [path.join(exampleDir, 'push-shipment.mjs'), order.orderNo, path.join(work, 'shipment.json')],
        { cwd: work, env },
      );
      expect(stdout).toContain(order.orderNo);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe('shipped');

    const { page, context } = await h.newPage();
    const errors = collectConsoleErrors(page);
    await h.signInBuyer(context, '13800000001');
    await page.goto(`/order/info/${order.id}`);
    await page.getByTestId('order-status').getByText('待收货', { exact: false }).waitFor();
    await page.getByText('SF7788990011', { exact: false }).first().waitFor();
    await page.getByTestId('order-batches').locator('tbody tr').first().waitFor();
    await h.shot(page, 'open-api-shipped-order');
    expect(errors).toEqual([]);
    await context.close();
  });
});
