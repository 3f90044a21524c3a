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
  PG_INT_MAX,
  paymentStatusView,
  recordId,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { systemCtx } from '../../lib/context';
import { notFound, refusal } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { repayBills } from '../wallet/service';
import { ensureSandboxSecret, type PaymentNotification } from './provider';
import { sandboxRoutes } from './sandbox-routes';
import { creditCheck, payByBalance, payByCredit, paymentStatus, startOnline } from './service';
import { handleNotification } from './trades';

type PaymentOptions = { provider: AppConfig['paymentProvider'] };

const notification = z.object({
  out_trade_no: z.string().min(1).max(64),
  transaction_id: z.string().min(1).max(64),
  amount_fen: z.coerce.number().int().nonnegative().max(PG_INT_MAX),
  trade_state: z.literal('SUCCESS'),
  paid_at: z.coerce.number().int().nonnegative().max(PG_INT_MAX),
});

/** Buyer payment calls: balance, credit (账期), online QR via a provider, status polling. */
const buyerPayRoutes: FastifyPluginAsyncZod<PaymentOptions> = async (app, { provider }) => {
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
        summary: 'Start an online QR payment (the configured provider)',
        body: z.strictObject({
          order_id: recordId(),
          provider: z.enum(['sandbox']).optional(),
        }),
        response: { 200: envelope(onlinePaymentView) },
      },
    },
    async (request) => {
      if (provider === 'none') throw refusal('暂未开通在线支付，请选择其他支付方式');
      if (request.body.provider && request.body.provider !== provider) throw refusal('不支持的支付方式');
      return ok(await startOnline(await request.buyerCtx(), request.body.order_id, provider));
    },
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
 * The provider's notification endpoint (public: the provider calls it). The signature must be
 * the provider's, and then the provider's own book is asked: the notification alone moves no money.
 */
const notifyRoutes: FastifyPluginAsyncZod<PaymentOptions> = async (app, { provider }) => {
  app.post(
    '/pay/notify/:provider',
    {
      // Called by the provider, not a browser: the signature authenticates it.
      config: { csrf: false },
      schema: {
        tags: ['pay'],
        summary: 'Provider payment notification (signed; confirmed by querying the provider)',
        params: z.object({ provider: z.string().max(20) }),
        body: notification,
        headers: z.object({ 'x-pay-signature': z.string().max(200).optional() }),
        response: { 200: envelope(notificationResult) },
      },
    },
    async (request) => {
      if (request.params.provider !== provider) throw notFound('未知的支付渠道');
      const outcome = await handleNotification(
        systemCtx(app.db, app.clock),
        request.params.provider,
        request.body as PaymentNotification,
        request.headers['x-pay-signature'] ?? '',
      );
      if (outcome === 'refunded')
        request.log.warn(
          { outTradeNo: request.body.out_trade_no },
          'online payment arrived for an order that can no longer take it: refunded through the provider',
        );
      return ok({ result: outcome }, 'SUCCESS');
    },
  );
};

/**
 * Payments. The online provider is chosen by configuration (PAYMENT_PROVIDER); the sandbox is for
 * demos and tests: announced in the log, refused under NODE_ENV=production unless
 * ALLOW_SANDBOX_PAY=1, its signing key random per database unless SANDBOX_PAY_SECRET.
 */
export const paymentRoutes: FastifyPluginAsyncZod<{ config: AppConfig }> = async (app, { config }) => {
  const provider = config.paymentProvider;
  if (provider === 'sandbox') {
    if (config.production && !config.sandboxAllowedInProduction)
      throw new Error(
        'PAYMENT_PROVIDER=sandbox under NODE_ENV=production: the sandbox simulates payments and must not ' +
          'take real orders. Configure a real provider, PAYMENT_PROVIDER=none, or ALLOW_SANDBOX_PAY=1 for a demo.',
      );
    await ensureSandboxSecret(app.db, config.sandboxPaySecret);
    app.log.warn(
      'payment provider: sandbox (demo and tests only: payments are simulated, no real money moves)',
    );
  } else {
    app.log.info('payment provider: none (online payment is off)');
  }
  await app.register(buyerPayRoutes, { provider });
  await app.register(notifyRoutes, { provider });
  if (provider === 'sandbox') await app.register(sandboxRoutes);
};
