import { randomUUID } from 'node:crypto';
import { and, asc, count, eq, gt, lte } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  afterSales,
  cartItems,
  files,
  goods,
  goodsStock,
  orders,
  users,
} from '../../apps/server/src/db/schema';
import {
  collectConsoleErrors,
  confirmDialog,
  expectRefusal,
  type Harness,
  startHarness,
} from '../support/harness';
import { drawPng, textPosingAsPng } from '../support/images';

/**
 * File uploads from both sides: a return request with a photo of the damage, which the
 * operator sees and accepts (refund), and the signed receipt an ephedrine (含麻) order waits
 * for before it may ship, with a text file posing as an image refused on the way.
 */
let h: Harness;
let userId: number;
let carton: Buffer;
let receipt: Buffer;
beforeAll(async () => {
  h = await startHarness();
  const [u] = await h.app.db.select().from(users).where(eq(users.phone, '13800000001'));
  userId = u.id;
  carton = await drawPng(h.browser, 'damaged-carton');
  receipt = await drawPng(h.browser, 'signed-receipt');
});
afterAll(() => h?.close());

/** A cart line of one purchasable goods with ample stock (ephedrine-type or not). */
async function cartLine(ephedrine: boolean) {
  const [pick] = await h.app.db
    .select({ goodsId: goods.id, warehouseId: goodsStock.warehouseId, minQuantity: goods.minQuantity })
    .from(goods)
    .innerJoin(goodsStock, eq(goodsStock.goodsId, goods.id))
    .where(
      and(
        gt(goodsStock.quantity, 100),
        eq(goods.ephedrine, ephedrine),
        eq(goods.isBuy, true),
        eq(goods.isOnSale, true),
        eq(goods.stepQuantity, 1),
        lte(goods.minQuantity, 5),
      ),
    )
    .orderBy(asc(goods.id))
    .limit(1);
  expect(pick, `a purchasable ${ephedrine ? 'ephedrine-type ' : ''}goods`).toBeTruthy();
  const [line] = await h.app.db
    .insert(cartItems)
    .values({ userId, ...pick, quantity: Math.max(pick.minQuantity, 4) })
    .returning({ id: cartItems.id });
  return line.id;
}

async function buyerPage() {
  const { page, context } = await h.newPage();
  const res = await page.request.post('/api/user/login', {
    form: { username: '13800000001', password: 'Demo@123456' },
  });
  expect(res.status()).toBe(200);
  return { page, context, errors: collectConsoleErrors(page) };
}

async function operatorPage() {
  const { page, context } = await h.newPage();
  const res = await page.request.post('/api/admin/login', {
    form: { username: 'admin', password: 'Admin@123456' },
  });
  expect(res.status()).toBe(200);
  return { page, context, errors: collectConsoleErrors(page) };
}

/** Creates and pays (balance) an order of one cart line through the API. */
async function paidOrder(page: Page, ephedrine: boolean) {
  const created = await page.request.post('/api/order/create', {
    form: { 'ids[0]': String(await cartLine(ephedrine)) },
    headers: { 'Idempotency-Key': randomUUID() },
  });
  expect(created.status()).toBe(201);
  const id: number = (await created.json()).data.id;
  expect((await page.request.post('/api/pay/balance', { form: { order_id: String(id) } })).status()).toBe(
    200,
  );
  return (await h.app.db.select().from(orders).where(eq(orders.id, id)))[0];
}

const orderOf = async (id: number) => (await h.app.db.select().from(orders).where(eq(orders.id, id)))[0];

/** The <img> has loaded real pixels (not a broken image). */
async function expectLoaded(img: Locator) {
  await img.waitFor();
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), {
      message: 'image loaded',
    })
    .toBeGreaterThan(0);
}

describe('uploads', () => {
  it('return request with a photo: the operator sees the photo and accepts, the buyer sees the refund', async () => {
    const buyer = await buyerPage();
    const op = await operatorPage();
    const placed = await paidOrder(buyer.page, false);
    const ship = await op.page.request.post(`/api/admin/orders/${placed.id}/ship`, {
      form: { carrier: '顺丰速运', tracking_no: 'SF1400099887766' },
    });
    expect(ship.status()).toBe(200);
    expect((await buyer.page.request.post(`/api/order/${placed.id}/confirm`)).status()).toBe(200);

    // The buyer asks for a return from the received order, with a photo of the damage.
    const { page } = buyer;
    await page.goto(`/order/info/${placed.id}`);
    await page.getByTestId('order-status').getByText('已完成').waitFor();
    await page.getByTestId('order-after-sale').click();
    const modal = page.locator('.ant-modal').filter({ hasText: '申请售后' });
    await modal.getByText('退货退款').click();
    await modal.getByTestId('after-sale-qty').first().fill('2');
    await modal.getByTestId('after-sale-reason').fill('外箱破损，两盒药品包装挤压变形');
    await modal.locator('input[type=file]').setInputFiles({
      name: '外箱破损.png',
      mimeType: 'image/png',
      buffer: carton,
    });
    await expectLoaded(modal.getByTestId('after-sale-photos').getByRole('img', { name: '外箱破损.png' }));
    await page.waitForTimeout(400); // the modal's opening animation, for the screenshot
    await h.shot(page, 'uploads-return-request');
    await modal.getByRole('button', { name: '提交申请' }).click();
    await page.getByTestId('order-status').getByText('售后申请中').waitFor();
    const [request] = await h.app.db.select().from(afterSales).where(eq(afterSales.orderId, placed.id));
    expect(request).toMatchObject({
      kind: 'return',
      status: 'pending',
      reason: '外箱破损，两盒药品包装挤压变形',
    });
    expect(request.photoFileIds).toHaveLength(1);
    const [photo] = await h.app.db.select().from(files).where(eq(files.id, request.photoFileIds[0]));
    expect(photo).toMatchObject({ mime: 'image/png', ownerUserId: userId, size: carton.length });

    await page.getByRole('link', { name: '详情' }).click();
    await page.waitForURL(new RegExp(`/order/returnInfo/${request.id}$`));
    const detail = page.getByTestId('after-sale-detail');
    await detail.getByText('待审核').waitFor();
    await expectLoaded(detail.getByTestId('photo-thumb').locator('img'));
    await h.shot(page, 'uploads-return-pending');
    // The buyer opens the photo large too (its viewer loads once the pointer reaches it) and closes it.
    await detail.getByTestId('photo-thumb').click();
    const buyerPreview = page.locator('.ant-image-preview-img');
    await expectLoaded(buyerPreview);
    await h.shot(page, 'uploads-return-photo-preview');
    await page.keyboard.press('Escape');
    await buyerPreview.waitFor({ state: 'hidden' });

    // The operator judges by the photo (thumbnail, opened large) and accepts.
    await op.page.goto('/admin/after-sales');
    const row = op.page.locator('tr', { hasText: placed.orderNo });
    await row.waitFor();
    const thumb = row.getByTestId('file-thumb');
    await expectLoaded(thumb.locator('img'));
    await h.shot(op.page, 'uploads-admin-after-sales');
    await thumb.click();
    const preview = op.page.locator('.ant-image-preview-img');
    await expectLoaded(preview);
    await op.page.waitForTimeout(400); // the preview's zoom animation
    await h.shot(op.page, 'uploads-admin-photo-preview');
    await op.page.keyboard.press('Escape');
    await preview.waitFor({ state: 'hidden' });
    await row.getByRole('button', { name: /^同\s*意$/ }).click();
    const confirm = op.page.locator('.ant-modal-confirm');
    await confirm.getByPlaceholder('处理说明（买家可见）').fill('照片显示外箱破损，同意退货');
    await confirmDialog(op.page);
    await op.page.getByText('已处理').waitFor();
    // Two units of the line back, not all of it: the order stays received, marked 部分退款.
    await expect.poll(async () => (await orderOf(placed.id)).status).toBe('completed');
    expect((await orderOf(placed.id)).refundedFen).toBeGreaterThan(0);
    const [handled] = await h.app.db.select().from(afterSales).where(eq(afterSales.id, request.id));
    expect(handled).toMatchObject({ status: 'approved', operatorNote: '照片显示外箱破损，同意退货' });
    await op.page.getByRole('tab', { name: '已同意' }).click();
    await op.page
      .locator('tr', { hasText: placed.orderNo })
      .getByText('照片显示外箱破损，同意退货')
      .waitFor();

    // The buyer sees the refund, with the photo still there.
    await page.reload();
    await detail.getByText('已同意').waitFor();
    await detail.getByText('照片显示外箱破损，同意退货').waitFor();
    await detail.getByText('（原路退回）').waitFor();
    expect(await detail.locator('.ant-steps-item-finish').count()).toBe(3); // 退款完成 is done
    await expectLoaded(detail.getByTestId('photo-thumb').locator('img'));
    await h.shot(page, 'uploads-return-refunded');

    expect(buyer.errors).toEqual([]);
    expect(op.errors).toEqual([]);
    await op.context.close();
    await buyer.context.close();
  });

  it('ephedrine order: a text file posing as an image is refused; the signed receipt is accepted and the order ships', async () => {
    // The text file posing as an image is refused on purpose.
    expectRefusal(422, /^\/api\/upload$/);
    const buyer = await buyerPage();
    const op = await operatorPage();
    const placed = await paidOrder(buyer.page, true);
    expect(placed).toMatchObject({ status: 'awaiting_receipt', receiptStatus: 'awaiting_upload' });

    const { page } = buyer;
    await page.goto('/hmdd');
    const row = page.locator('tr', { hasText: placed.orderNo });
    await row.getByText('待上传回执').waitFor();
    await row.getByText('待回执').waitFor();

    // Refused: the server reads the content, not the name; nothing changes.
    const filesBefore = (await h.app.db.select({ n: count() }).from(files))[0].n;
    await row.locator('input[type=file]').setInputFiles(textPosingAsPng);
    const refusal = page.locator('.ant-message-notice', { hasText: '仅支持 JPG、PNG、WEBP 图片或 PDF 文件' });
    await refusal.waitFor();
    await page
      .getByTestId('receipt-refused')
      .getByText(`订单 ${placed.orderNo} 的回执上传失败：仅支持 JPG、PNG、WEBP 图片或 PDF 文件`)
      .waitFor();
    await page.waitForTimeout(400); // the toast's slide-in, for the screenshot
    await h.shot(page, 'uploads-hmdd-refused');
    expect(await orderOf(placed.id)).toMatchObject({ receiptStatus: 'awaiting_upload', receiptFileId: null });
    expect((await h.app.db.select({ n: count() }).from(files))[0].n).toBe(filesBefore);
    await row.getByText('待上传回执').waitFor();
    await refusal.waitFor({ state: 'detached' });

    // The signed receipt.
    await row.locator('input[type=file]').setInputFiles({
      name: '签收回执.png',
      mimeType: 'image/png',
      buffer: receipt,
    });
    await page.getByText('回执已提交，请等待审核').waitFor();
    await row.getByText('回执审核中').waitFor();
    expect(await page.getByTestId('receipt-refused').count()).toBe(0);
    await page.waitForTimeout(400);
    await h.shot(page, 'uploads-hmdd-pending');
    const pending = await orderOf(placed.id);
    expect(pending.receiptStatus).toBe('pending');
    // The buyer can open what they sent: the link serves the uploaded picture.
    const href = await row.getByTestId('hmdd-receipt-file').getAttribute('href');
    expect(href).toBe(`/api/files/${pending.receiptFileId}`);
    const served = await page.request.get(href ?? '');
    expect(served.headers()['content-type']).toContain('image/png');

    // The operator looks at the receipt and accepts it.
    await op.page.goto('/admin/receipts');
    const opRow = op.page.locator('tr', { hasText: placed.orderNo });
    await expectLoaded(opRow.getByTestId('file-thumb').locator('img'));
    expect(await opRow.getByTestId('file-thumb').locator('img').getAttribute('src')).toBe(
      `/api/files/${pending.receiptFileId}`,
    );
    await h.shot(op.page, 'uploads-admin-receipts');
    await opRow.getByRole('button', { name: /^通\s*过$/ }).click();
    await op.page.getByText('回执已通过').waitFor();
    await opRow.waitFor({ state: 'detached' });
    expect(await orderOf(placed.id)).toMatchObject({
      status: 'awaiting_shipment',
      receiptStatus: 'accepted',
    });

    await page.reload();
    await row.getByText('回执已通过').waitFor();
    await row.getByText('待发货').waitFor();
    expect(await row.getByTestId('receipt-upload').count()).toBe(0);

    // Now it may ship.
    await op.page.goto('/admin/orders');
    await op.page.getByPlaceholder('订单号 / 商品名称').fill(placed.orderNo);
    await op.page.getByPlaceholder('订单号 / 商品名称').press('Enter');
    const shipRow = op.page.locator('tr', { hasText: placed.orderNo });
    await shipRow.getByTestId('admin-ship').click();
    await op.page.getByTestId('admin-tracking-no').fill('SF1400055566677');
    await op.page.getByRole('button', { name: '确认发货' }).click();
    // The order's state, not the toast: a toast can come and go while a loaded machine is busy.
    await expect.poll(async () => (await orderOf(placed.id)).status, { timeout: 30_000 }).toBe('shipped');

    await page.reload();
    await row.getByText('待收货').waitFor();
    await h.shot(page, 'uploads-hmdd-shipped');
    await page.goto(`/order/info/${placed.id}`);
    await page.getByTestId('order-status').getByText('待收货').waitFor();

    // The one expected console line is the refused upload's 422.
    const unexpected = buyer.errors.filter(
      (e) => !/Failed to load resource: .*422.*\[http:\/\/127\.0\.0\.1:\d+\/api\/upload\]$/.test(e),
    );
    expect(unexpected).toEqual([]);
    expect(buyer.errors.length).toBe(1);
    expect(op.errors).toEqual([]);
    await op.context.close();
    await buyer.context.close();
  });
});
