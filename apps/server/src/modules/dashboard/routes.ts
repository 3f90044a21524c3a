import { dashboardView, envelope } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { dashboard } from './service';

/** Console dashboard (工作台): any signed-in operator; each part only with its permission. */
export const dashboardAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  app.get(
    '/admin/dashboard',
    {
      preValidation: app.requirePermission(),
      schema: { tags: ['admin'], summary: 'Dashboard', response: { 200: envelope(dashboardView) } },
    },
    async (request) => ok(await dashboard(await request.operatorCtx())),
  );
};
