import {
  contentBodies,
  contentKindNames,
  contentKinds,
  contentList,
  emptyBody,
  envelope,
  idParams,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { deleteContent, listContent, saveContent } from './admin';

/** Console content (内容与设置: content:write): list, create, edit, delete per kind. */
export const contentAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('content:write');
  const tags = ['admin'];
  const item = z.object({ id: z.number().int() }).catchall(z.unknown());

  for (const kind of contentKinds) {
    const name = contentKindNames[kind];
    const body = contentBodies[kind];
    app.get(
      `/admin/content/${kind}`,
      {
        preValidation: guard,
        schema: { tags, summary: `${name}: list`, response: { 200: envelope(contentList) } },
      },
      async (request) => ok(await listContent(await request.operatorCtx(), kind)),
    );
    app.post(
      `/admin/content/${kind}`,
      {
        preValidation: guard,
        schema: { tags, summary: `${name}: create`, body, response: { 200: envelope(item) } },
      },
      async (request) =>
        ok(await saveContent(await request.operatorCtx(), kind, null, request.body as never), '已添加'),
    );
    app.post(
      `/admin/content/${kind}/:id`,
      {
        preValidation: guard,
        schema: { tags, summary: `${name}: edit`, params: idParams, body, response: { 200: envelope(item) } },
      },
      async (request) =>
        ok(
          await saveContent(await request.operatorCtx(), kind, request.params.id, request.body as never),
          '已保存',
        ),
    );
    app.post(
      `/admin/content/${kind}/:id/delete`,
      {
        preValidation: guard,
        schema: { tags, summary: `${name}: delete`, params: idParams, response: { 200: emptyBody } },
      },
      async (request) => {
        await deleteContent(await request.operatorCtx(), kind, request.params.id);
        return ok(null, '已删除');
      },
    );
  }
};
