import { readFileSync } from 'node:fs';
import { beijingToday } from '@yaocai/domain';
import { and, asc, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  goodsBatches,
  orderLineBatches,
  orderLines,
  orders,
  traceCodes,
  users,
} from '../../apps/server/src/db/schema';
import { pdfText } from '../../apps/server/test/pdf-text';
import { collectConsoleErrors, expectRefusal, type Harness, startHarness } from '../support/harness';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h?.close());

const code = (n: number) => `8${String(77_000_000 + n).padStart(19, '0')}`;

describe('shipping with batches and trace codes (GSP)', () => {
  it('仓库 ships the demo order with a trace code per pack; the store sees the batches and downloads the delivery note and the codes', async () => {
    const db = h.app.db;
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
    expect(lines.length).toBeGreaterThan(0);

    // 质管 uploads the 药检报告 of the batch the first line will ship from (first expiry, first out).
    const today = beijingToday(h.clock.now());
    const [next] = (await db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, lines[0].goodsId)))
      .filter((b) => b.warehouseId === lines[0].warehouseId && b.quantity > 0 && b.expiresOn > today)
      .sort((a, b) => (a.expiresOn === b.expiresOn ? a.id - b.id : a.expiresOn < b.expiresOn ? -1 : 1));
    // A one-page PDF (the buyer's copy carries the 质量管理部 mark on its page).
    const report = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 595 842]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
    );
    const qa = await h.newPage();
    await h.signInOperator(qa.page, 'zhiguan');
    await qa.page.goto(`/admin/goods/${lines[0].goodsId}`);
    await qa.page.getByTestId('admin-goods-batches').waitFor();
    await qa.page
      .getByTestId(`admin-report-upload-${next.id}`)
      .locator('input[type=file]')
      .setInputFiles({ name: '药检报告.pdf', mimeType: 'application/pdf', buffer: report });
    await qa.page.getByTestId(`admin-report-${next.id}`).waitFor();
    // …and the goods' 首营资料 (药品注册证书/批件, the first name offered).
    await qa.page
      .getByTestId('admin-first-document-upload')
      .locator('input[type=file]')
      .setInputFiles({ name: '注册证.pdf', mimeType: 'application/pdf', buffer: report });
    await qa.page
      .getByTestId('admin-goods-first-documents')
      .getByRole('link', { name: '药品注册证书/批件' })
      .waitFor();
    await h.shot(qa.page, 'admin-batch-report');
    await qa.context.close();

    // 仓库 opens 订单发货 and the order's ship dialog: one trace-code box per line.
    const op = await h.newPage();
    const opErrors = collectConsoleErrors(op.page);
    await h.signInOperator(op.page, 'cangku');
    await op.page.getByTestId('admin-menu').getByRole('link', { name: '订单发货' }).click();
    await op.page.getByTestId('admin-orders').waitFor();
    await op.page.getByPlaceholder('订单号 / 商品名称').fill(order.orderNo);
    await op.page.getByPlaceholder('订单号 / 商品名称').press('Enter');
    await op.page.getByText(order.orderNo).waitFor();
    await op.page.getByTestId('admin-ship').first().click();
    await op.page.getByTestId('admin-tracking-no').fill('SF1400098765');
    const first = lines[0];
    const box = op.page.getByTestId(`admin-trace-codes-${first.id}`);
    // Too few codes: the dialog says so under the line and nothing ships.
    await box.fill(code(0));
    await expect
      .poll(() => op.page.getByTestId(`admin-trace-count-${first.id}`).textContent())
      .toBe(`已录入 1 / ${first.quantity} 个`);
    // Too few trace codes: the server refuses the shipment (422), as this step means it to.
    expectRefusal(422, /\/api\/admin\/orders\/\d+\/ship$/);
    await op.page.getByRole('button', { name: '确认发货' }).click();
    await op.page
      .getByTestId('admin-ship-form')
      .getByText(`应录入${first.quantity}个追溯码（每件一个），现为1个`, { exact: false })
      .waitFor();
    expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0].status).toBe(
      'awaiting_shipment',
    );
    // One code per pack, pasted one per line.
    let n = 0;
    for (const line of lines)
      await op.page
        .getByTestId(`admin-trace-codes-${line.id}`)
        .fill(Array.from({ length: line.quantity }, () => code(n++)).join('\n'));
    // An edit replaces the refusal shown under the line.
    await op.page
      .getByTestId('admin-ship-form')
      .getByText(`现为1个`, { exact: false })
      .waitFor({ state: 'detached' });
    await h.shot(op.page, 'admin-ship-trace-codes');
    await op.page.getByRole('button', { name: '确认发货' }).click();
    await expect
      .poll(async () => (await db.select().from(orders).where(eq(orders.id, order.id)))[0].status, {
        timeout: 30_000,
      })
      .toBe('shipped');
    expect(await db.select().from(traceCodes).where(eq(traceCodes.orderId, order.id))).toHaveLength(n);
    const taken = await db.select().from(orderLineBatches).where(eq(orderLineBatches.orderId, order.id));
    expect(taken.reduce((s, b) => s + b.quantity, 0)).toBe(lines.reduce((s, l) => s + l.quantity, 0));
    // First expiry first out: no in-date batch of the goods expires before the ones taken.
    const batches = await db.select().from(goodsBatches).where(eq(goodsBatches.goodsId, first.goodsId));
    const earliestTaken = taken.map((b) => b.expiresOn).sort()[0];
    expect(
      batches.filter(
        (b) => b.quantity > 0 && b.warehouseId === first.warehouseId && b.expiresOn < earliestTaken,
      ),
    ).toEqual([]);
    // 质量记录: this month's GSP sales record holds the order's batches.
    await op.page.getByTestId('admin-menu').getByRole('link', { name: '质量记录' }).click();
    await op.page.getByTestId('admin-records').waitFor();
    const [sheet] = await Promise.all([
      op.page.waitForEvent('download'),
      op.page.getByTestId('admin-gsp-export').click(),
    ]);
    expect(sheet.suggestedFilename()).toMatch(/^GSP销售记录_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await sheet.path());
    const recorded = workbook
      .getWorksheet('销售记录')
      ?.getSheetValues()
      .filter((row) => Array.isArray(row) && row[2] === order.orderNo) as unknown[][];
    expect(recorded.map((r) => r[9]).sort()).toEqual(taken.map((b) => b.batchNo).sort());
    // The 含麻 report of this month answers (the demo's 含麻 order is a day old, unless the month just began).
    await op.page.getByTestId('admin-ephedrine-report').locator('.ant-table-tbody').waitFor();
    await h.shot(op.page, 'admin-records');
    // Only the refusal asked for above.
    expect(opErrors.filter((e) => !e.includes('status of 422'))).toEqual([]);

    // The store's order page: batches, codes, the delivery note and the CSV.
    const store = await h.newPage();
    const errors = collectConsoleErrors(store.page);
    await h.signInBuyer(store.context, '13800000001');
    const page = store.page;
    await page.goto(`/order/info/${order.id}`);
    const card = page.getByTestId('order-batches');
    await card.getByText(taken[0].batchNo).first().waitFor();
    await page.getByTestId('order-trace-codes').locator('summary').click();
    await page.getByTestId('order-trace-codes').getByText(code(0), { exact: false }).waitFor();
    await h.shot(page, 'order-batches');
    const [note] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('order-delivery-note').click(),
    ]);
    expect(note.suggestedFilename()).toBe(`随货同行单_${order.orderNo}.pdf`);
    const text = (await pdfText(readFileSync(await note.path()))).join('\n');
    for (const part of [
      '随货同行单',
      order.orderNo,
      taken[0].batchNo,
      taken[0].expiresOn,
      '顺丰速运 SF1400098765',
    ])
      expect(text, part).toContain(part);
    // The 药检报告 of the batch the first line shipped from.
    const [inspection] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('order-inspection-report').first().click(),
    ]);
    expect(inspection.suggestedFilename()).toBe(`药检报告_${next.batchNo}.pdf`);
    const copy = (await pdfText(readFileSync(await inspection.path()))).join('\n');
    expect(copy).toContain('本复印件与原件一致');
    expect(copy).toContain('供货单位质量管理部');
    // The goods' 首营资料, from the order.
    const [paper] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('first-documents').getByText('药品注册证书/批件').click(),
    ]);
    expect(paper.suggestedFilename()).toMatch(/^首营资料_.*药品注册证书-批件\.pdf$/);
    // The goods' detail page offers the same report while that batch ships next.
    await page.goto(`/list/info/${lines[0].goodsId}`);
    await page.getByTestId('goods-inspection-report').getByText(next.batchNo, { exact: false }).waitFor();
    await page.getByTestId('first-documents').getByText('药品注册证书/批件').waitFor();
    await page.goBack();
    const [csv] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('order-trace-csv').click(),
    ]);
    const rows = readFileSync(await csv.path(), 'utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(rows).toHaveLength(n + 1);
    expect(rows[1]).toContain(order.orderNo);
    expect(errors).toEqual([]);
  });
});
