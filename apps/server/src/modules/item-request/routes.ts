import {
  adminItemRequestPage,
  adminItemRequestQuery,
  envelope,
  idParams,
  itemRequestBody,
  itemRequestGoodsOption,
  itemRequestGoodsQuery,
  itemRequestIdParams,
  itemRequestPage,
  itemRequestQuery,
  itemRequestReplyBody,
  itemRequestView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import {
  goodsForItemRequest,
  itemRequestInbox,
  myItemRequest,
  myItemRequests,
  replyItemRequest,
  submitItemRequest,
} from './service';

/** The store's item requests (品种求购 /pzqg): ask, list its own, read one with the answer. */
export const itemRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['account'];
  app.post(
    '/user/buy',
    {
      schema: {
        tags,
        summary: 'Request goods the catalogue lacks',
        body: itemRequestBody,
        response: { 200: envelope(itemRequestView) },
      },
    },
    async (request) =>
      ok(await submitItemRequest(await request.buyerCtx(), request.body), '提交成功，我们会尽快为您寻找货源'),
  );
  app.get(
    '/user/buy',
    {
      schema: {
        tags,
        summary: 'My item requests',
        querystring: itemRequestQuery,
        response: { 200: envelope(itemRequestPage) },
      },
    },
    async (request) => ok(await myItemRequests(await request.buyerCtx(), request.query)),
  );
  app.get(
    '/user/buy/:id',
    {
      schema: {
        tags,
        summary: 'One of my item requests',
        params: itemRequestIdParams,
        response: { 200: envelope(itemRequestView) },
      },
    },
    async (request) => ok(await myItemRequest(await request.buyerCtx(), request.params.id)),
  );
};

/** Customer service's list of item requests (求购登记, item_requests:write): list, answer once. */
export const itemRequestAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('item_requests:write');
  const tags = ['admin'];
  app.get(
    '/admin/item-requests',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Item requests',
        querystring: adminItemRequestQuery,
        response: { 200: envelope(adminItemRequestPage) },
      },
    },
    async (request) => ok(await itemRequestInbox(await request.operatorCtx(), request.query)),
  );
  app.get(
    '/admin/item-requests/goods',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Goods on sale that could answer a request',
        querystring: itemRequestGoodsQuery,
        response: { 200: envelope(z.array(itemRequestGoodsOption)) },
      },
    },
    async (request) => ok(await goodsForItemRequest(await request.operatorCtx(), request.query.q)),
  );
  app.post(
    '/admin/item-requests/:id/reply',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Answer an item request',
        params: idParams,
        body: itemRequestReplyBody,
        response: { 200: envelope(itemRequestView) },
      },
    },
    async (request) =>
      ok(await replyItemRequest(await request.operatorCtx(), request.params.id, request.body), '已回复'),
  );
};
