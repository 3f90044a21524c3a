import { auditPage, auditQuery, envelope } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { listAudit } from './service';

/** The audit log screen: list and filter, never edit. */
export const auditAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  app.get(
    '/admin/audit',
    {
      preValidation: app.requirePermission('audit:read'),
      schema: {
        tags: ['admin'],
        summary: 'Audit log of operator writes',
        querystring: auditQuery,
        response: { 200: envelope(auditPage) },
      },
    },
    async (request) => ok(await listAudit(await request.operatorCtx(), request.query)),
  );
};
