import {
  envelope,
  webhookActiveBody,
  webhookCreateBody,
  webhookCreated,
  webhookDeliveryPage,
  webhookDeliveryParams,
  webhookDeliveryQuery,
  webhookDeliveryView,
  webhookParams,
  webhookView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { listDeliveries, redeliver } from './log';
import {
  createdConsoleView,
  createSubscription,
  deleteSubscription,
  listSubscriptionViews,
  setSubscriptionActive,
} from './subscriptions';

/**
 * 系统 → Webhook: subscriptions listed (open:read), made, switched and deleted (open:write,
 * audited), each one's delivery log (open:read) and 重新投递 (open:write, audited).
 */
export const webhookAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const tags = ['admin'];
  app.get(
    '/admin/webhooks',
    {
      preValidation: app.requirePermission('open:read'),
      schema: {
        tags,
        summary: 'Webhook subscriptions (never their secrets)',
        response: { 200: envelope(z.array(webhookView)) },
      },
    },
    async (request) => ok(await listSubscriptionViews(await request.operatorCtx())),
  );
  app.post(
    '/admin/webhooks',
    {
      preValidation: app.requirePermission('open:write'),
      schema: {
        tags,
        summary: 'Subscribe a URL to events: the answer shows the signing secret this once (data.secret)',
        body: webhookCreateBody,
        response: { 200: envelope(webhookCreated) },
      },
    },
    async (request) => {
      const created = await createSubscription(await request.operatorCtx(), request.body, {
        allowPrivate: app.webhookSettings.allowPrivate,
      });
      return ok(createdConsoleView(created), '已创建，请立即复制保存签名密钥');
    },
  );
  app.post(
    '/admin/webhooks/:id/active',
    {
      preValidation: app.requirePermission('open:write'),
      schema: {
        tags,
        summary: 'Switch a subscription on or off (off: no new deliveries)',
        params: webhookParams,
        body: webhookActiveBody,
        response: { 200: envelope(webhookView) },
      },
    },
    async (request) =>
      ok(
        await setSubscriptionActive(await request.operatorCtx(), request.params.id, request.body.active),
        request.body.active ? '已启用' : '已停用',
      ),
  );
  app.delete(
    '/admin/webhooks/:id',
    {
      preValidation: app.requirePermission('open:write'),
      schema: {
        tags,
        summary: 'Delete a subscription (its pending deliveries are given up)',
        params: webhookParams,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => {
      const row = await deleteSubscription(await request.operatorCtx(), request.params.id, {});
      return ok({ id: row.id }, '已删除');
    },
  );
  app.get(
    '/admin/webhooks/:id/deliveries',
    {
      preValidation: app.requirePermission('open:read'),
      schema: {
        tags,
        summary: 'A subscription’s delivery log, newest first, by state',
        params: webhookParams,
        querystring: webhookDeliveryQuery,
        response: { 200: envelope(webhookDeliveryPage) },
      },
    },
    async (request) =>
      ok(await listDeliveries(await request.operatorCtx(), request.params.id, request.query)),
  );
  app.post(
    '/admin/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      preValidation: app.requirePermission('open:write'),
      schema: {
        tags,
        summary: '重新投递: the delivery is pending again, due now, retried for another 24 hours',
        params: webhookDeliveryParams,
        response: { 200: envelope(webhookDeliveryView) },
      },
    },
    async (request) =>
      ok(
        await redeliver(await request.operatorCtx(), request.params.id, request.params.deliveryId),
        '已重新加入投递队列',
      ),
  );
};
