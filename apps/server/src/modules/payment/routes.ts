import { creditRepayBody, idParams, orderIdBody, PG_INT_MAX, recordId, toYuan } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { repayBills } from '../wallet/service';
import { notificationOf, type PaymentNotification, sandboxPay, signSandbox } from './provider';
import {
  creditCheck,
  handleNotification,
  payByBalance,
  payByCredit,
  paymentStatus,
  startOnline,
} from './service';

const notification = z.object({
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64),
  amount_fen: z.coerce.number().int().nonnegative().max(PG_INT_MAX),
  trade_state: z.literal('SUCCESS'),
  paid_at: z.coerce.number().int().nonnegative().max(PG_INT_MAX),
});

/** Buyer payment calls: balance, credit (账期), online QR via a provider, status polling. */
const buyerPayRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireBuyer);
  app.post(
    '/pay/balance',
    { schema: { tags: ['pay'], summary: 'Pay by wallet balance', body: orderIdBody } },
    async (request) => ok(await payByBalance(app.db, request.userId, request.body.order_id), '支付成功'),
  );
  app.post(
    '/pay/user_credit_check',
    { schema: { tags: ['pay'], summary: 'Credit available for an order', body: orderIdBody } },
    async (request) => ok(await creditCheck(app.db, request.userId, request.body.order_id)),
  );
  app.post(
    '/pay/user_credit_create',
    { schema: { tags: ['pay'], summary: 'Pay an order on credit (creates the bill)', body: orderIdBody } },
    async (request) => ok(await payByCredit(app.db, request.userId, request.body.order_id), '支付成功'),
  );
  app.post(
    '/pay/user_credit_pay',
    { schema: { tags: ['pay'], summary: 'Repay credit bills from the balance', body: creditRepayBody } },
    async (request) => ok(await repayBills(app.db, request.userId, request.body.bill_ids), '还款成功'),
  );
  app.post(
    '/pay/online',
    {
      schema: {
        tags: ['pay'],
        summary: 'Start an online QR payment',
        body: z.strictObject({
          order_id: recordId(),
          provider: z.enum(['sandbox']).optional(),
        }),
      },
    },
    async (request) =>
      ok(await startOnline(app.db, request.userId, request.body.order_id, request.body.provider)),
  );
  app.get(
    '/pay/status/:id',
    {
      schema: {
        tags: ['pay'],
        summary: 'Payment status (polling)',
        params: idParams,
      },
    },
    async (request) => ok(await paymentStatus(app.db, request.userId, request.params.id)),
  );
};

/**
 * The sandbox provider's pages and the notification endpoint (public: the provider calls it;
 * the signature is the authentication). The scan page stands in for the payer's phone.
 */
const providerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/pay/notify/:provider',
    {
      schema: {
        tags: ['pay'],
        summary: 'Provider payment notification (signed)',
        params: z.object({ provider: z.string().max(20) }),
        body: notification,
        headers: z.object({ 'x-pay-signature': z.string().max(200).optional() }),
      },
    },
    async (request) => {
      const outcome = await handleNotification(
        app.db,
        request.params.provider,
        request.body as PaymentNotification,
        request.headers['x-pay-signature'] ?? '',
      );
      return ok({ result: outcome }, 'SUCCESS');
    },
  );

  const scanParams = z.object({ outTradeNo: z.string().regex(/^[A-Za-z0-9]{6,64}$/) });
  app.get(
    '/pay/sandbox/scan/:outTradeNo',
    { schema: { tags: ['pay'], summary: 'Sandbox payer page', params: scanParams } },
    async (request, reply) => {
      const { outTradeNo } = request.params;
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="zh-CN"><meta charset="utf-8"><title>沙箱支付</title>
<body style="font-family:sans-serif;text-align:center;padding:40px">
<h2>药采沙箱支付</h2><p>商户订单号 ${outTradeNo}</p>
<form method="post" action="/api/pay/sandbox/scan/${outTradeNo}/confirm"><button style="font-size:18px;padding:8px 24px">确认支付</button></form>
</body></html>`;
    },
  );
  app.post(
    '/pay/sandbox/scan/:outTradeNo/confirm',
    {
      schema: {
        tags: ['pay'],
        summary: 'Sandbox payer confirms: trade paid, notification sent asynchronously',
        params: scanParams,
      },
    },
    async (request) => {
      const trade = await sandboxPay(app.db, request.params.outTradeNo);
      if (!trade) throw new AppError(404, '支付单不存在');
      if (trade.state !== 'SUCCESS') throw new AppError(400, '交易已关闭');
      notifyLater(app, notificationOf(trade));
      return ok({ state: trade.state, amount: toYuan(trade.amountFen) }, '支付成功');
    },
  );
};

/** The sandbox delivers its signed notification asynchronously, retrying a few times. */
function notifyLater(app: Parameters<FastifyPluginAsyncZod>[0], payload: PaymentNotification, attempt = 0) {
  const timer = setTimeout(
    async () => {
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/pay/notify/sandbox',
          payload,
          headers: { 'x-pay-signature': signSandbox(payload) },
        });
        if (res.statusCode >= 500 && attempt < 3) notifyLater(app, payload, attempt + 1);
      } catch {
        if (attempt < 3) notifyLater(app, payload, attempt + 1);
      }
    },
    attempt === 0 ? 50 : 1000 * attempt,
  );
  timer.unref();
}

export const paymentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(buyerPayRoutes);
  await app.register(providerRoutes);
};
