import { envelope } from '@yaocai/domain';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { exemptFromPressure } from '../../plugins/pressure';
import { readiness } from './readiness';

const checkState = z.enum(['ok', 'failed', 'absent']);
const readinessData = z.object({
  status: z.enum(['ready', 'unready']),
  checks: z.object({ database: checkState, redis: checkState, storage: checkState }),
});

// Both answer under load shedding (a busy process is not a dead one) and read no session.
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: exemptFromPressure,
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (no dependency is asked)',
        response: {
          200: envelope(z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) })),
        },
      },
    },
    async () => ok({ status: 'ok' as const, database: app.database.kind }),
  );

  app.get(
    '/health/ready',
    {
      config: exemptFromPressure,
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database, Redis (when configured) and file storage answer',
        response: { 200: envelope(readinessData), 503: envelope(readinessData) },
      },
    },
    async (_request, reply) => {
      const { redis } = app;
      const checks = await readiness({
        database: async () => {
          await app.db.execute(sql`select 1`);
        },
        // Sessions and the cache bus share this connection (REDIS_URL).
        redis: redis
          ? async () => {
              await redis.ping();
            }
          : undefined,
        storage: app.storage.check?.bind(app.storage),
        log: app.log,
      });
      const failed = Object.entries(checks)
        .filter(([, state]) => state === 'failed')
        .map(([part]) => part);
      if (failed.length === 0) return ok({ status: 'ready' as const, checks });
      return reply.status(503).send({
        code: 503,
        message: `服务未就绪：${failed.map((part) => PART_NAMES[part]).join('、')}不可用`,
        data: { status: 'unready' as const, checks },
      });
    },
  );
};

const PART_NAMES: Record<string, string> = { database: '数据库', redis: 'Redis', storage: '文件存储' };
