import {
  openData,
  openErrorBody,
  openWebhook,
  openWebhookCreated,
  webhookCreateBody,
  webhookEventBody,
  webhookEventTypes,
  webhookParams,
  webhookPayloadFields,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openKeyOf } from '../open/request';
import { createSubscription, deleteSubscription, listSubscriptions, openView } from './subscriptions';

const webhookExample = openWebhook.meta()?.example;

/** The receiver's side of a delivery, for the open API document. */
export const DELIVERY_DOC = [
  'Each event is POSTed as JSON (`{ id, type, created_at, data }`) with these headers:',
  '- `Yaocai-Event-Id`: the event id; a delivery may arrive more than once, so store it and ignore repeats.',
  '- `Yaocai-Event-Type`: the event type.',
  '- `Yaocai-Timestamp`: Unix seconds of this attempt.',
  '- `Yaocai-Signature`: `v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the subscription secret>`.',
  'Answer any 2xx within 5 seconds to acknowledge. Anything else, a redirect or a time-out is retried',
  'with exponential backoff (10 s, 20 s, 40 s … up to an hour apart) for 24 hours after the event,',
  'then given up; the console (系统 → Webhook) shows every attempt and can redeliver by hand.',
  '',
  'Verify before trusting a delivery (Node; examples/erp-sync/verify-webhook.mjs):',
  '```js',
  "import { createHmac, timingSafeEqual } from 'node:crypto';",
  'function verify(secret, headers, rawBody, toleranceSeconds = 300) {',
  "  const timestamp = Number(headers['yaocai-timestamp']);",
  '  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceSeconds) return false;',
  "  const signed = createHmac('sha256', secret).update(timestamp + '.' + rawBody).digest('hex');",
  "  const expected = Buffer.from('v1=' + signed);",
  "  const given = Buffer.from(String(headers['yaocai-signature'] ?? ''));",
  '  return given.length === expected.length && timingSafeEqual(given, expected);',
  '}',
  '```',
  '',
  'A delivery’s body:',
  '```json',
  JSON.stringify(webhookEventBody.meta()?.example, null, 2),
  '```',
  '',
  'Event types and their `data`:',
  ...Object.entries(webhookEventTypes).map(
    ([type, name]) =>
      `- \`${type}\` (${name}): ${webhookPayloadFields[type as keyof typeof webhookPayloadFields]}`,
  ),
].join('\n');

/**
 * /api/open/v1/webhooks (scope `webhooks`): the key's own subscriptions, listed, made (the
 * secret shown once) and deleted. Another key's subscriptions, and the console's, are 404.
 */
export const openWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['webhooks'];
  app.get(
    '/webhooks',
    {
      config: { openScope: 'webhooks' },
      schema: {
        tags,
        summary: 'List this key’s webhook subscriptions',
        description: `At most 20 subscriptions, newest first (no paging). Secrets are never shown again.\n\n${DELIVERY_DOC}`,
        response: { 200: openData(z.array(openWebhook)).meta({ example: { data: [webhookExample] } }) },
      },
    },
    async (request) => {
      const rows = await listSubscriptions(request.openCtx(), { keyId: openKeyOf(request).id });
      return { data: rows.map(openView) };
    },
  );
  app.post(
    '/webhooks',
    {
      config: { openScope: 'webhooks' },
      schema: {
        tags,
        summary: 'Subscribe a URL to events',
        description: [
          'The answer holds `secret`, the signing secret, this once: keep it to verify deliveries.',
          'The URL must be https (plain http, localhost and private addresses only on test servers;',
          'link-local addresses such as 169.254.169.254 never). Unknown fields are refused.',
          '',
          DELIVERY_DOC,
        ].join('\n'),
        body: webhookCreateBody,
        response: {
          201: openData(openWebhookCreated),
          409: openErrorBody,
        },
      },
    },
    async (request, reply) => {
      const created = await createSubscription(request.openCtx(), request.body, {
        keyId: openKeyOf(request).id,
        allowPrivate: app.webhookSettings.allowPrivate,
      });
      return reply.status(201).send({ data: { ...openView(created.row), secret: created.secret } });
    },
  );
  app.delete(
    '/webhooks/:id',
    {
      config: { openScope: 'webhooks' },
      schema: {
        tags,
        summary: 'Delete one of this key’s subscriptions',
        description:
          'Deliveries still pending are given up. Another key’s subscription answers 404 not_found.',
        params: webhookParams,
        response: { 200: openData(openWebhook) },
      },
    },
    async (request) => {
      const row = await deleteSubscription(request.openCtx(), request.params.id, {
        keyId: openKeyOf(request).id,
      });
      return { data: openView(row) };
    },
  );
};
