import {
  balancePayment,
  creditCheckView,
  creditPayment,
  creditRepayBody,
  creditRepayment,
  envelope,
  idParams,
  notificationResult,
  onlinePaymentView,
  orderIdBody,
  paymentChannelsView,
  paymentStatusView,
  recordId,
} from '@yaocai/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { systemCtx } from '../../lib/context';
import { AppError, notFound, refusal } from '../../lib/errors';
import { onlineChannelNames, type PaymentChannelName } from '../../lib/payment-channels/channels';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { repayBills } from '../wallet/service';
import { startOnlineProviders } from './channels';
import { ensureSandboxSecret, type PaymentProvider } from './provider';
import { sandboxRoutes } from './sandbox-routes';
import { creditCheck, payByBalance, payByCredit, paymentStatus, startOnline } from './service';
import { handleNotification } from './trades';
import { transferBuyerRoutes } from './transfer/routes';

type PaymentOptions = { online: PaymentProvider[]; channels: PaymentChannelName[] };

/** Buyer payment calls: balance, credit (账期), online QR via a provider, status polling. */
const buyerPayRoutes: FastifyPluginAsyncZod<PaymentOptions> = async (app, { online, channels }) => {
  buyerOnly(app);
  app.post(
    '/pay/balance',
    {
      schema: {
        tags: ['pay'],
        summary: 'Pay by wallet balance',
        body: orderIdBody,
        response: { 200: envelope(balancePayment) },
      },
    },
    async (request) => ok(await payByBalance(await request.buyerCtx(), request.body.order_id), '支付成功'),
  );
  app.post(
    '/pay/user_credit_check',
    {
      schema: {
        tags: ['pay'],
        summary: 'Credit available for an order',
        body: orderIdBody,
        response: { 200: envelope(creditCheckView) },
      },
    },
    async (request) => ok(await creditCheck(await request.buyerCtx(), request.body.order_id)),
  );
  app.post(
    '/pay/user_credit_create',
    {
      schema: {
        tags: ['pay'],
        summary: 'Pay an order on credit (creates the bill)',
        body: orderIdBody,
        response: { 200: envelope(creditPayment) },
      },
    },
    async (request) => ok(await payByCredit(await request.buyerCtx(), request.body.order_id), '支付成功'),
  );
  app.post(
    '/pay/user_credit_pay',
    {
      schema: {
        tags: ['pay'],
        summary: 'Repay credit bills from the balance',
        body: creditRepayBody,
        response: { 200: envelope(creditRepayment) },
      },
    },
    async (request) => ok(await repayBills(await request.buyerCtx(), request.body.bill_ids), '还款成功'),
  );
  app.post(
    '/pay/online',
    {
      schema: {
        tags: ['pay'],
        summary: 'Start an online QR payment at one of the configured channels (default: the first)',
        body: z.strictObject({
          order_id: recordId(),
          provider: z.enum(onlineChannelNames).optional(),
        }),
        response: { 200: envelope(onlinePaymentView) },
      },
    },
    async (request) => {
      const ctx = await request.buyerCtx();
      if (!online.length) throw refusal('暂未开通在线支付，请选择其他支付方式');
      const name = request.body.provider ?? online[0].name;
      const provider = online.find((p) => p.name === name);
      if (!provider) throw refusal('不支持的支付方式');
      return ok(await startOnline(ctx, request.body.order_id, provider));
    },
  );
  app.get(
    '/pay/channels',
    {
      schema: {
        tags: ['pay'],
        summary: 'The payment channels open besides balance and credit (online QR, bank transfer)',
        response: { 200: envelope(paymentChannelsView) },
      },
    },
    async () =>
      ok({
        online: online.map((p) => ({ name: p.name, label: p.label })),
        transfer: channels.includes('transfer'),
      }),
  );
  app.get(
    '/pay/status/:id',
    {
      schema: {
        tags: ['pay'],
        summary: 'Payment status (polling)',
        params: idParams,
        response: { 200: envelope(paymentStatusView) },
      },
    },
    async (request) => ok(await paymentStatus(await request.buyerCtx(), request.params.id)),
  );
};

/**
 * The providers' notification endpoint (public: the provider calls it). The body is read raw
 * (signatures cover its exact bytes, JSON for WeChat Pay, a form for Alipay); the provider
 * checks the signature, and then its own book is asked: the notification alone moves no money.
 * A provider with a documented reply gets it (accepted also when the trade was applied before,
 * so it stops retrying); the sandbox gets our envelope.
 */
const notifyRoutes: FastifyPluginAsyncZod<PaymentOptions> = async (app, { online }) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) =>
    done(null, body),
  );
  app.post(
    '/pay/notify/:provider',
    {
      // Called by the provider, not a browser: the signature authenticates it.
      config: { csrf: false },
      schema: {
        tags: ['pay'],
        summary: 'Provider payment notification (signed; confirmed by querying the provider)',
        params: z.object({ provider: z.string().max(20) }),
        body: z
          .string()
          .max(64 * 1024)
          .optional(),
        produces: ['application/json', 'text/plain'],
        response: { 200: z.union([envelope(notificationResult), z.string()]) },
      },
    },
    async (request, reply) => {
      const provider = online.find((p) => p.name === request.params.provider);
      if (!provider) throw notFound('未知的支付渠道');
      const notification = { body: request.body ?? '', headers: request.headers };
      const ctx = systemCtx(app.db, app.clock);
      if (!provider.reply) {
        const { outcome, claim } = await handleNotification(ctx, provider, notification);
        if (outcome === 'refunded') logRefunded(request, claim.outTradeNo);
        return ok({ result: outcome }, 'SUCCESS');
      }
      const answer = await handleNotification(ctx, provider, notification).then(
        ({ outcome, claim }) => {
          if (outcome === 'refunded') logRefunded(request, claim.outTradeNo);
          return provider.reply?.(true, '成功');
        },
        (e) => {
          // Applied before (a repeated notification): accepted, so the provider stops sending it.
          if (e instanceof AppError && e.statusCode === 409) return provider.reply?.(true, '成功');
          request.log.warn({ err: e, provider: provider.name }, 'payment notification not accepted');
          return provider.reply?.(false, e instanceof AppError ? e.message : '处理失败');
        },
      );
      if (!answer) throw new Error('unreachable');
      // A provider's refusal code (400/500: WeChat Pay retries) carries its own documented text
      // body, not our envelope; only 200 has a declared schema (the errors' envelope is ours).
      return reply
        .code(answer.status as 200)
        .type(answer.contentType)
        .send(answer.body);
    },
  );
};

function logRefunded(request: FastifyRequest, outTradeNo: string) {
  request.log.warn(
    { outTradeNo },
    'online payment arrived for an order that can no longer take it: refunded through the provider',
  );
}

/**
 * Payments. The channels are configuration (PAYMENT_PROVIDERS); the sandbox is for demos and
 * tests: announced in the log, refused under NODE_ENV=production unless ALLOW_SANDBOX_PAY=1, its
 * signing key random per database unless SANDBOX_PAY_SECRET.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const channels = config.paymentChannels;
  if (channels.includes('sandbox')) {
    if (config.production && !config.sandboxAllowedInProduction)
      throw new Error(
        'PAYMENT_PROVIDERS includes sandbox under NODE_ENV=production: the sandbox simulates payments and must not ' +
          'take real orders. Configure real channels (wechat, alipay, transfer), none, or ALLOW_SANDBOX_PAY=1 for a demo.',
      );
    await ensureSandboxSecret(app.db, config.sandboxPaySecret);
    app.log.warn(
      'payment channel: sandbox (demo and tests only: payments are simulated, no real money moves)',
    );
  }
  const online = startOnlineProviders(config);
  app.log.info(
    { channels: channels.length ? channels : ['none'] },
    channels.length ? 'payment channels' : 'payment channels: none (only balance and credit)',
  );
  await app.register(buyerPayRoutes, { online, channels });
  await app.register(notifyRoutes, { online, channels });
  await app.register(transferBuyerRoutes, { enabled: channels.includes('transfer') });
  if (channels.includes('sandbox')) await app.register(sandboxRoutes);
};
