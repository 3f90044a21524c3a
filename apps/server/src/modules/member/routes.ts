import { envelope, memberCentre as memberCentreSchema } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { memberCentre } from './service';

/** 会员中心 (/user): the store's figures in one call. */
export const memberRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  app.get(
    '/user/center',
    {
      schema: {
        tags: ['account'],
        summary: 'Member centre: wallet, credit, coupons, points, orders by tab, favourites, messages',
        response: { 200: envelope(memberCentreSchema) },
      },
    },
    async (request) => ok(await memberCentre(await request.buyerCtx())),
  );
};
