import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openWebhookRoutes } from '../webhooks/open-routes';
import { openCompanyRoutes } from './company-routes';
import { openGoodsRoutes } from './goods-routes';
import { openKeyRoutes } from './key-routes';
import { openOrderRoutes } from './order-routes';
import type { OpenV1Options } from './request';
import { openStockRoutes } from './stock-routes';

/**
 * The route plugins of /api/open/v1, one per area; each route names its scope in
 * `config.openScope` (plugin.ts refuses a route that does not).
 */
export const openV1Routes: FastifyPluginAsyncZod<OpenV1Options>[] = [
  openKeyRoutes,
  openGoodsRoutes,
  openStockRoutes,
  openCompanyRoutes,
  openOrderRoutes,
  openWebhookRoutes,
];
