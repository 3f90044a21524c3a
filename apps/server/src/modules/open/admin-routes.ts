import { envelope, openKeyCreateBody, openKeyCreated, openKeyParams, openKeyView } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { createKey, listKeys, revokeKey } from './keys';

/** 系统 → 开放接口: the ERP's keys, listed (open:read), created and revoked (open:write, audited). */
export const openAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const tags = ['admin'];
  app.get(
    '/admin/open/keys',
    {
      preValidation: app.requirePermission('open:read'),
      schema: {
        tags,
        summary: 'Open API keys (never their secrets)',
        response: { 200: envelope(z.array(openKeyView)) },
      },
    },
    async (request) => ok(await listKeys(await request.operatorCtx())),
  );
  app.post(
    '/admin/open/keys',
    {
      preValidation: app.requirePermission('open:write'),
      schema: {
        tags,
        summary: 'Create an open API key: the answer shows the key this once (data.key)',
        body: openKeyCreateBody,
        response: { 200: envelope(openKeyCreated) },
      },
    },
    async (request) =>
      ok(await createKey(await request.operatorCtx(), request.body), '已创建，请立即复制保存密钥'),
  );
  app.delete(
    '/admin/open/keys/:id',
    {
      preValidation: app.requirePermission('open:write'),
      schema: {
        tags,
        summary: 'Revoke an open API key (its next call is refused 401)',
        params: openKeyParams,
        response: { 200: envelope(openKeyView) },
      },
    },
    async (request) => ok(await revokeKey(await request.operatorCtx(), request.params.id), '已吊销'),
  );
};
