import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { openWebhookRoutes } from '../webhooks/open-routes';
import { openKeyRoutes } from './key-routes';

/**
 * The route plugins of /api/open/v1, one per area; each route names its scope in
 * `config.openScope` (plugin.ts refuses a route that does not).
 */
export const openV1Routes: FastifyPluginAsyncZod[] = [openKeyRoutes, openWebhookRoutes];
