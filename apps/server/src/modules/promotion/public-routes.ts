import { combinationView, envelope, promotionHubData } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { combinationList } from './combinations';
import { promotionHub } from './hub';

/** Promotion pages a visitor may open too (prices follow the viewer's eligibility). */
export const promotionPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/combination/list',
    {
      schema: {
        tags: ['promotion'],
        summary: 'Combination packages (/zhzq)',
        response: { 200: envelope(z.array(combinationView)) },
      },
    },
    async (request) => ok(await combinationList(await request.viewerCtx())),
  );
  app.get(
    '/activity/hub',
    {
      schema: {
        tags: ['promotion'],
        summary: 'Every promotion live now (/yyh)',
        response: { 200: envelope(promotionHubData) },
      },
    },
    async (request) => ok(await promotionHub(await request.viewerCtx())),
  );
};
