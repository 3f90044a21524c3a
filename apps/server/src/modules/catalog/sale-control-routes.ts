import {
  envelope,
  saleControlBody,
  saleControlPage,
  saleControlQuery,
  saleControlRemoveBody,
  saleControlResult,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { listSaleControls, removeSaleControls, setSaleControls } from './sale-controls';

/** Console 控销: list controlled goods, set a control on goods (bulk), lift controls. */
export const saleControlAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const tags = ['admin'];
  const read = app.requirePermission('goods:read');
  const write = app.requirePermission('goods:write');

  app.get(
    '/admin/sale-controls',
    {
      preValidation: read,
      schema: {
        tags,
        summary: '控销 goods with their controls',
        querystring: saleControlQuery,
        response: { 200: envelope(saleControlPage) },
      },
    },
    async (request) => ok(await listSaleControls(await request.operatorCtx(), request.query)),
  );
  app.post(
    '/admin/sale-controls',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Set one control (customer types, regions) on goods',
        body: saleControlBody,
        response: { 200: envelope(saleControlResult) },
      },
    },
    async (request) => {
      const updated = await setSaleControls(await request.operatorCtx(), request.body);
      return ok({ updated }, `已设置${updated}个商品的控销`);
    },
  );
  app.post(
    '/admin/sale-controls/remove',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Lift the controls of goods',
        body: saleControlRemoveBody,
        response: { 200: envelope(saleControlResult) },
      },
    },
    async (request) => {
      const updated = await removeSaleControls(await request.operatorCtx(), request.body.goods_ids);
      return ok({ updated }, `已取消${updated}个商品的控销`);
    },
  );
};
