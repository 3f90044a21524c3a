import {
  cartAddBody,
  cartAddResult,
  cartCopyBody,
  cartCopyResult,
  cartEditBody,
  cartIdsBody,
  cartListQuery,
  cartNextHintBody,
  cartSelectBody,
  cartState,
  cartTotal as cartTotalSchema,
  checkoutData,
  envelope,
  nextHintData,
  recordId,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { fastSerialized } from '../../plugins/serializer';
import { buyerOnly } from '../../plugins/session';
import * as cart from './service';

const lineId = z.object({
  id: recordId('购物车商品不存在'),
});

/**
 * The cart state (list, and the answer of edit, delete and select): the hottest read of the
 * shop, up to 500 lines, written by the compiled writer (plugins/serializer.ts) from what
 * cartStateOf built out of the domain types.
 */
const stateResponse = { 200: fastSerialized(envelope(cartState)) };
const added = { 200: envelope(cartAddResult) };

/**
 * Cart calls of spec section 7, buyer only: the cart belongs to the logged-in store
 * (ctx.actor).
 */
export const cartRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['cart'];

  app.get(
    '/cart/list',
    { schema: { tags, summary: 'Cart state', querystring: cartListQuery, response: stateResponse } },
    async (request) => ok(await cart.cartState(await request.buyerCtx(), 'list', request.query.filters)),
  );

  app.get(
    '/cart/total',
    {
      schema: { tags, summary: 'Number of cart lines (badge)', response: { 200: envelope(cartTotalSchema) } },
    },
    async (request) => ok(await cart.cartTotal(await request.buyerCtx())),
  );

  app.post(
    '/cart',
    { schema: { tags, summary: 'Add lines (merging)', body: cartAddBody, response: added } },
    async (request) =>
      ok(await cart.addLines(await request.buyerCtx(), request.body.params), '加入购物车成功'),
  );

  app.post(
    '/cart/quick_add/:id',
    {
      schema: { tags, summary: 'Add the minimum quantity of a goods', params: lineId, response: added },
    },
    async (request) => ok(await cart.quickAdd(await request.buyerCtx(), request.params.id), '加入购物车成功'),
  );

  app.post(
    '/cart/:id/edit',
    {
      schema: {
        tags,
        summary: 'Change a line quantity',
        params: lineId,
        body: cartEditBody,
        response: stateResponse,
      },
    },
    async (request) =>
      ok(await cart.editLine(await request.buyerCtx(), request.params.id, request.body.params.number)),
  );

  app.post(
    '/cart/batch_delete',
    { schema: { tags, summary: 'Delete lines', body: cartIdsBody, response: stateResponse } },
    async (request) => ok(await cart.batchDelete(await request.buyerCtx(), request.body.ids), '删除成功'),
  );

  app.post(
    '/cart/batch_select',
    { schema: { tags, summary: 'Select or unselect lines', body: cartSelectBody, response: stateResponse } },
    async (request) =>
      ok(await cart.batchSelect(await request.buyerCtx(), request.body.ids, request.body.is_selected === 1)),
  );

  app.post(
    '/cart/copy',
    {
      schema: {
        tags,
        summary: 'Copy lines to other stores of the company',
        body: cartCopyBody,
        response: { 200: envelope(cartCopyResult) },
      },
    },
    async (request) =>
      ok(
        await cart.copyLines(await request.buyerCtx(), request.body.ids, request.body.other_user_ids),
        '复制成功',
      ),
  );

  app.post(
    '/cart/checkout',
    {
      schema: {
        tags,
        summary: 'Validate the chosen lines for the order page',
        body: cartIdsBody,
        response: { 200: envelope(checkoutData) },
      },
    },
    async (request) => ok(await cart.checkout(await request.buyerCtx(), request.body.ids)),
  );

  app.post(
    '/cart/next_hint',
    {
      schema: {
        tags,
        summary: 'What to add for the next tier or free shipping',
        body: cartNextHintBody.optional(),
        response: { 200: envelope(nextHintData) },
      },
    },
    async (request) => ok(await cart.nextHint(await request.buyerCtx(), request.body?.ids)),
  );
};
