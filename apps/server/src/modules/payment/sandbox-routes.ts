import { envelope, sandboxConfirmation, toYuan } from '@yaocai/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, refusal } from '../../lib/errors';
import { type SandboxPage, sandboxPage } from '../../lib/sandbox-page';
import { ok } from '../../plugins/envelope';
import { notificationOf, type PaymentNotification, sandboxPay, sandboxSecret, signSandbox } from './provider';
import { ownTrade } from './trades';

const scanParams = z.object({ outTradeNo: z.string().regex(/^[A-Za-z0-9]{6,64}$/) });

const payPage: SandboxPage = {
  title: '沙箱支付',
  heading: '药采沙箱支付',
  notice: '沙箱环境：模拟支付，不产生真实扣款。',
};
/** A refusal shown as a page (the payer's "phone" is a browser tab), with its status code. */
const asPage = (reply: FastifyReply, run: () => Promise<string>) => sandboxPage(reply, payPage, run);

const wantsHtml = (request: FastifyRequest) => String(request.headers.accept ?? '').includes('text/html');

/**
 * The sandbox provider's payer pages: they stand in for the payer's phone, opened in the same
 * browser as the shop, so they need the session of the buyer who owns the trade (404 for any
 * other buyer's trade). Confirming is the provider's NOTPAY -> SUCCESS; the provider then
 * notifies the server asynchronously, signed with its key.
 */
export const sandboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pay/sandbox/scan/:outTradeNo',
    {
      schema: {
        tags: ['pay'],
        summary: 'Sandbox payer page (the trade owner only)',
        params: scanParams,
        produces: ['text/html'],
        response: { 200: z.string() },
      },
    },
    async (request, reply) =>
      asPage(reply, async () => {
        const payment = await ownTrade(await request.buyerCtx(), 'sandbox', request.params.outTradeNo);
        return `<p>商户订单号 ${payment.outTradeNo}</p><p>金额 ¥${toYuan(payment.amountFen).toFixed(2)}</p>
<form method="post" action="/api/pay/sandbox/scan/${payment.outTradeNo}/confirm"><button style="font-size:18px;padding:8px 24px">确认支付</button></form>`;
      }),
  );
  app.post(
    '/pay/sandbox/scan/:outTradeNo/confirm',
    {
      schema: {
        tags: ['pay'],
        summary: 'Sandbox payer confirms (the trade owner only): paid, notification sent asynchronously',
        params: scanParams,
        // JSON for a client, the result page for the payer's browser (Accept: text/html).
        produces: ['application/json', 'text/html'],
        response: { 200: z.union([envelope(sandboxConfirmation), z.string()]) },
      },
    },
    async (request, reply) => {
      const confirm = async () => {
        const ctx = await request.buyerCtx();
        await ownTrade(ctx, 'sandbox', request.params.outTradeNo);
        const trade = await sandboxPay(ctx.db, request.params.outTradeNo);
        if (!trade) throw notFound('支付单不存在');
        if (trade.state !== 'SUCCESS') throw refusal('交易已关闭，请返回商城重新发起支付');
        notifyLater(app, notificationOf(trade));
        return trade;
      };
      if (!wantsHtml(request)) {
        const trade = await confirm();
        return ok({ state: trade.state, amount: toYuan(trade.amountFen) }, '支付成功');
      }
      return asPage(reply, async () => {
        const trade = await confirm();
        return `<p>支付成功：¥${toYuan(trade.amountFen).toFixed(2)}</p><p>请返回商城页面查看订单。</p>`;
      });
    },
  );
};

/** The sandbox delivers its signed notification asynchronously, retrying a few times. */
function notifyLater(app: FastifyInstance, payload: PaymentNotification, attempt = 0) {
  const timer = setTimeout(
    async () => {
      try {
        const res = await app.inject({
          method: 'POST',
          url: '/api/pay/notify/sandbox',
          payload,
          headers: { 'x-pay-signature': signSandbox(payload, await sandboxSecret(app.db)) },
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
