import { adminLoginBody, envelope, operatorMe } from '@yaocai/domain';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { operators } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { loginOperator } from './auth';

/** Operator console sign-in (its own cookie and session scope). */
export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/admin/login',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['admin'], body: adminLoginBody },
    },
    async (request, reply) => {
      const operatorId = await loginOperator(app.db, { ...request.body, ip: request.ip });
      await reply.startSession('operator', { operatorId, loginAt: Date.now() });
      return ok({ id: operatorId }, '登录成功');
    },
  );

  app.delete('/admin/logout', { schema: { tags: ['admin'] } }, async (_request, reply) => {
    await reply.endSession('operator');
    return ok(null, '已退出');
  });

  await app.register(async (scope) => {
    operatorOnly(scope);
    scope.get(
      '/admin/me',
      { schema: { tags: ['admin'], response: { 200: envelope(operatorMe) } } },
      async (request) => {
        const [operator] = await app.db.select().from(operators).where(eq(operators.id, request.operatorId));
        if (!operator) throw notFound('账号不存在');
        return ok({ id: operator.id, username: operator.username, name: operator.name, role: operator.role });
      },
    );
  });
};
