import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cartItems,
  cartMergeKey,
  goods,
  goodsStock,
  orders,
  paymentRefunds,
  payments,
  users,
} from '../../apps/server/src/db/schema';
import { readWechatPaySettings } from '../../apps/server/src/lib/payment-channels/wechat';
import { pollRefunds } from '../../apps/server/src/modules/payment/refunds';
import { merchantKeys, WechatPayDouble } from '../../apps/server/src/modules/payment/wechat/wechatpay-double';
import { type Harness, startHarness } from '../support/harness';

/**
 * A real payment channel in the browser: the server speaks WeChat Pay API v3 (Native) to a local
 * double of it, signed both ways. The buyer picks 微信支付, sees its QR code, pays at "WeChat"
 * (the double), WeChat's signed notification comes in and the page moves on; a return later
 * goes back through WeChat Pay, and the buyer reads where the money went.
 */
const MCHID = '1900000109';
const APPID = 'wxd678efh567hg6787';
const SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const APIV3_KEY = randomBytes(16).toString('hex');
const merchant = merchantKeys();

let h: Harness;
let double: WechatPayDouble;
beforeAll(async () => {
  double = await new WechatPayDouble({
    mchid: MCHID,
    appid: APPID,
    mchSerial: SERIAL,
    merchantPublicKey: merchant.publicKey,
    apiV3Key: APIV3_KEY,
    // WeChat Pay posts to the notify URL; here, to the journey's server.
    deliver: async (url, n) => {
      const res = await fetch(`${h.baseUrl}${new URL(url).pathname}`, {
        method: 'POST',
        headers: n.headers,
        body: n.body,
      });
      return { status: res.status, body: await res.text() };
    },
  }).start();
  const wechat = readWechatPaySettings(double.appEnvironment(merchant.privateKey));
  h = await startHarness({ paymentChannels: ['wechat', 'transfer'], paymentSettings: { wechat } });
});
afterAll(async () => {
  await h?.close();
  await double?.stop();
});

/** One line of a goods in stock in the demo buyer's cart. */
async function cartLine() {
  const [buyer] = await h.app.db.select().from(users).where(eq(users.phone, '13800000001'));
  const [pick] = await h.app.db
    .select({ goodsId: goods.id, warehouseId: goodsStock.warehouseId, min: goods.minQuantity })
    .from(goods)
    .innerJoin(goodsStock, eq(goodsStock.goodsId, goods.id))
    .where(and(gt(goodsStock.quantity, 500), eq(goods.ephedrine, false), eq(goods.isBuy, true)))
    .orderBy(asc(goods.id))
    .limit(1);
  const quantity = Math.max(pick.min, 10);
  const [line] = await h.app.db
    .insert(cartItems)
    .values({ userId: buyer.id, goodsId: pick.goodsId, warehouseId: pick.warehouseId, quantity })
    .onConflictDoUpdate({ target: cartMergeKey, set: { quantity } })
    .returning({ id: cartItems.id });
  return line.id;
}

describe('WeChat Pay (API v3 Native, against a local double)', () => {
  it('the buyer pays by WeChat QR; a return is refunded through WeChat Pay', async () => {
    const { page, context } = await h.newPage();
    await h.signInBuyer(context, '13800000001');
    await page.goto(`/cart/step2?ids=${await cartLine()}`);
    await page.getByTestId('submit-order').click();
    await page.waitForURL(/\/cart\/step3\/\d+/);
    const orderId = Number(page.url().split('/').pop());

    // The one real online channel names its tab; the QR is WeChat's code_url.
    await page.getByRole('tab', { name: '微信支付' }).click();
    await page.getByTestId('pay-qr').waitFor();
    await page.getByText('请使用微信支付扫码支付', { exact: false }).waitFor();
    const [trade] = await h.app.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(trade).toMatchObject({ provider: 'wechat', status: 'pending' });
    expect(trade.qrContent).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(double.trades.get(trade.outTradeNo)?.state).toBe('NOTPAY');
    await page.getByText(`商户订单号：${trade.outTradeNo}`).waitFor();
    await h.shot(page, 'wechat-pay-qr');

    // The payer scans and pays; WeChat Pay's signed, encrypted notification reaches the server.
    expect(double.pay(trade.outTradeNo)).toBeTruthy();
    expect(await double.notify(trade.outTradeNo)).toEqual({
      status: 200,
      body: JSON.stringify({ code: 'SUCCESS', message: '成功' }),
    });
    await page.waitForURL(/\/cart\/step4/);
    await page.getByTestId('step4').getByText('在线支付', { exact: false }).waitFor();
    await h.shot(page, 'wechat-pay-paid');
    const [paid] = await h.app.db.select().from(orders).where(eq(orders.id, orderId));
    expect(paid).toMatchObject({ status: 'awaiting_shipment', paymentMethod: 'online' });

    // Delivered and received (shipping is the shipping journey's): the buyer returns one unit.
    await h.app.db.update(orders).set({ status: 'completed' }).where(eq(orders.id, orderId));
    await page.goto(`/order/info/${orderId}`);
    await page.getByTestId('order-after-sale').click();
    await page.getByTestId('after-sale-qty').first().fill('1');
    await page.getByTestId('after-sale-reason').fill('外包装破损');
    await page.getByRole('button', { name: '提交申请' }).click();
    await page.getByTestId('order-status').getByText('售后申请中').waitFor();

    // The operator agrees in the console's 售后 list: the refund goes back through WeChat Pay.
    const op = await h.newPage();
    await h.signInOperator(op.page, 'admin');
    const list = await (await op.page.request.get('/api/admin/after_sales?status=pending')).json();
    const request = list.data.find((a: { order_id: number }) => a.order_id === orderId);
    const agreed = await op.page.request.post(`/api/admin/after_sales/${request.id}`, {
      form: { approve: '1', note: '同意退货' },
    });
    expect(agreed.status()).toBe(200);
    const refundFen = Math.round(request.refund * 100);
    const atWechat = [...double.refunds.values()].filter((r) => r.outTradeNo === trade.outTradeNo);
    expect(atWechat).toEqual([expect.objectContaining({ amountFen: refundFen, totalFen: trade.amountFen })]);
    // WeChat Pay accepts it as PROCESSING; the payment sweeper's poll finds it done.
    const refundRow = async () =>
      (await h.app.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, trade.id)))[0];
    expect(await refundRow()).toMatchObject({
      provider: 'wechat',
      amountFen: refundFen,
      status: 'processing',
    });
    await pollRefunds(h.app.db);
    expect(await refundRow()).toMatchObject({ status: 'success' });
    expect(double.refunds.get((await refundRow()).refundNo)?.status).toBe('SUCCESS');

    // The buyer reads where the money went.
    await page.goto(`/order/info/${orderId}`);
    await page.getByTestId('order-refund-mark').getByText('部分退款', { exact: false }).waitFor();
    await page.getByText(`原路退回原支付账户`, { exact: false }).first().waitFor();
    await h.shot(page, 'wechat-pay-refunded');
    await op.context.close();
    await context.close();
  });
});
