import { companyStore, envelope, memberCentre as memberCentreSchema } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { companyStores, memberCentre } from './service';

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
  app.get(
    '/user/stores',
    {
      schema: {
        tags: ['account'],
        summary: "The company's stores with their address, cart and order counts",
        response: { 200: envelope(z.array(companyStore)) },
      },
    },
    async (request) => ok(await companyStores(await request.buyerCtx())),
  );
};
