import {
  adminTransferPage,
  adminTransferQuery,
  adminTransferView,
  envelope,
  idParams,
  refundTodosView,
  transferConfirmBody,
  transferOrderBody,
  transferReceiptBody,
  transferRefundRecordBody,
  transferRejectBody,
  transferView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusal } from '../../../lib/errors';
import { ok } from '../../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../../plugins/session';
import { confirmTransfer, rejectTransfer, transferInbox, transferReceiptDetail } from './finance';
import { recordTransferRefund, refundTodos, retryProviderRefund } from './refund-todos';
import { chooseTransfer, myTransfer, uploadTransferReceipt } from './service';

/**
 * The buyer's 对公转账: choose it (only while the channel is configured), read it, upload the
 * 银行回单. A transfer already chosen stays readable if the channel is turned off later.
 */
export const transferBuyerRoutes: FastifyPluginAsyncZod<{ enabled: boolean }> = async (app, { enabled }) => {
  buyerOnly(app);
  const tags = ['pay'];
  app.post(
    '/pay/transfer',
    {
      schema: {
        tags,
        summary: 'Pay an order by bank transfer: its 汇款识别码, the receiving account, the expiry',
        body: transferOrderBody,
        response: { 200: envelope(transferView) },
      },
    },
    async (request) => {
      const ctx = await request.buyerCtx();
      if (!enabled) throw refusal('暂未开通对公转账，请选择其他支付方式');
      return ok(await chooseTransfer(ctx, request.body.order_id));
    },
  );
  app.get(
    '/pay/transfer/:id',
    {
      schema: {
        tags,
        summary: "An order's bank transfer (by order id) and its receipts",
        params: idParams,
        response: { 200: envelope(transferView) },
      },
    },
    async (request) => ok(await myTransfer(await request.buyerCtx(), request.params.id)),
  );
  app.post(
    '/pay/transfer/:id/receipt',
    {
      schema: {
        tags,
        summary: 'Upload the bank receipt (银行回单) of a transfer: it waits for finance',
        params: idParams,
        body: transferReceiptBody,
        response: { 200: envelope(transferView) },
      },
    },
    async (request) =>
      ok(
        await uploadTransferReceipt(await request.buyerCtx(), request.params.id, request.body),
        '回单已提交，请等待财务确认',
      ),
  );
};

/** 财务 → 对公转账 (transfers:confirm) and 财务 → 退款待办 (refunds:write). */
export const transferAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const confirmGuard = app.requirePermission('transfers:confirm');
  const refundGuard = app.requirePermission('refunds:write');
  const tags = ['admin'];
  app.get(
    '/admin/transfers',
    {
      preValidation: confirmGuard,
      schema: {
        tags,
        summary: 'Bank transfer receipts',
        querystring: adminTransferQuery,
        response: { 200: envelope(adminTransferPage) },
      },
    },
    async (request) => ok(await transferInbox(await request.operatorCtx(), request.query)),
  );
  app.get(
    '/admin/transfers/:id',
    {
      preValidation: confirmGuard,
      schema: {
        tags,
        summary: 'One bank transfer receipt with its order and the amount due',
        params: idParams,
        response: { 200: envelope(adminTransferView) },
      },
    },
    async (request) => ok(await transferReceiptDetail(await request.operatorCtx(), request.params.id)),
  );
  app.post(
    '/admin/transfers/:id/confirm',
    {
      preValidation: confirmGuard,
      schema: {
        tags,
        summary: 'Confirm what arrived (exact, partial, or more than due)',
        params: idParams,
        body: transferConfirmBody,
        response: { 200: envelope(adminTransferView) },
      },
    },
    async (request) =>
      ok(await confirmTransfer(await request.operatorCtx(), request.params.id, request.body), '已确认到账'),
  );
  app.post(
    '/admin/transfers/:id/reject',
    {
      preValidation: confirmGuard,
      schema: {
        tags,
        summary: 'Send a receipt back with a reason',
        params: idParams,
        body: transferRejectBody,
        response: { 200: envelope(adminTransferView) },
      },
    },
    async (request) =>
      ok(await rejectTransfer(await request.operatorCtx(), request.params.id, request.body.reason), '已退回'),
  );
  app.get(
    '/admin/refund-todos',
    {
      preValidation: refundGuard,
      schema: {
        tags,
        summary: 'Refunds needing finance: failed or processing provider refunds, transfer refunds',
        response: { 200: envelope(refundTodosView) },
      },
    },
    async (request) => ok(await refundTodos(await request.operatorCtx())),
  );
  app.post(
    '/admin/refund-todos/provider/:id/retry',
    {
      preValidation: refundGuard,
      schema: {
        tags,
        summary: 'Send a failed provider refund again (same refund number)',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.number().int(), status: z.string() })) },
      },
    },
    async (request) =>
      ok(await retryProviderRefund(await request.operatorCtx(), request.params.id), '已重新发起退款'),
  );
  app.post(
    '/admin/refund-todos/transfer/:id/record',
    {
      preValidation: refundGuard,
      schema: {
        tags,
        summary: 'Record the outgoing bank transfer of a transfer refund',
        params: idParams,
        body: transferRefundRecordBody,
        response: { 200: envelope(z.object({ id: z.number().int(), status: z.literal('done') })) },
      },
    },
    async (request) =>
      ok(
        await recordTransferRefund(await request.operatorCtx(), request.params.id, request.body),
        '已登记转出',
      ),
  );
};
