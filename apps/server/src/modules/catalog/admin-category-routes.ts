import { categoryBody, categoryList, categoryMenuQuery, emptyBody, envelope, idParams } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { deleteCategory, listCategories, saveCategory } from './admin-categories';

/**
 * Console category menus (分类管理). Content permission (content:write): the menus are the
 * header's navigation, edited with the nav and the banners by 运营.
 */
export const categoryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('content:write');
  const tags = ['admin'];
  const saved = z.object({
    id: z.number().int(),
    code: z.string(),
    menu: z.string(),
    parent_id: z.number().int().nullable(),
    name: z.string(),
    sort: z.number().int(),
  });
  app.get(
    '/admin/categories',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Categories of a menu',
        querystring: categoryMenuQuery,
        response: { 200: envelope(categoryList) },
      },
    },
    async (request) => ok(await listCategories(await request.operatorCtx(), request.query.menu)),
  );
  app.post(
    '/admin/categories',
    {
      preValidation: guard,
      schema: { tags, summary: 'Create a category', body: categoryBody, response: { 200: envelope(saved) } },
    },
    async (request) => ok(await saveCategory(await request.operatorCtx(), null, request.body), '已添加'),
  );
  app.post(
    '/admin/categories/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Edit a category',
        params: idParams,
        body: categoryBody,
        response: { 200: envelope(saved) },
      },
    },
    async (request) =>
      ok(await saveCategory(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/categories/:id/delete',
    {
      preValidation: guard,
      schema: { tags, summary: 'Delete a category', params: idParams, response: { 200: emptyBody } },
    },
    async (request) => {
      await deleteCategory(await request.operatorCtx(), request.params.id);
      return ok(null, '已删除');
    },
  );
};
