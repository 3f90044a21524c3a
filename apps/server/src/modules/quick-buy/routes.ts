import {
  envelope,
  fastBuyPage,
  fastBuyQuery,
  parseQuickOrderText,
  quickOrderBody,
  quickOrderResult,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploadedFile } from '../../lib/upload';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { fastBuy, matchQuickOrder } from './service';
import { readQuickOrderFile } from './sheet';

const matched = { 200: envelope(quickOrderResult) };

/** 快捷采购 (/kjcg): the store's purchase history and the quick order box. */
export const quickBuyRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['account'];
  app.get(
    '/user/fast_buy',
    {
      schema: {
        tags,
        summary: 'Goods this store bought before, with last price and date and today’s price',
        querystring: fastBuyQuery,
        response: { 200: envelope(fastBuyPage) },
      },
    },
    async (request) => ok(await fastBuy(await request.buyerCtx(), request.query)),
  );
  app.post(
    '/user/quick_order',
    {
      schema: {
        tags,
        summary: 'Match pasted lines of goods and quantities against the goods on sale',
        body: quickOrderBody,
        response: matched,
      },
    },
    async (request) =>
      ok(await matchQuickOrder(await request.buyerCtx(), parseQuickOrderText(request.body.text))),
  );
  app.post(
    '/user/quick_order/file',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags, summary: 'Match an .xlsx or .csv quick order', response: matched },
    },
    async (request) => {
      const ctx = await request.buyerCtx();
      const { bytes, filename } = await uploadedFile(request);
      return ok(await matchQuickOrder(ctx, await readQuickOrderFile(bytes, filename)));
    },
  );
};
