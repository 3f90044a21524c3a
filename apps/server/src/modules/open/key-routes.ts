import { openData, openScopeCodes } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { openKeyOf } from './request';

const keyInfo = z.object({
  name: z.string(),
  scopes: z.array(z.enum(openScopeCodes)),
  rate_limit_per_minute: z.number().int(),
});

/** GET /api/open/v1/key: which key is calling and what it may do (an ERP's connection test). */
export const openKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/key',
    {
      config: { openScope: 'any' },
      schema: {
        tags: ['key'],
        summary: 'The calling key: its name, scopes and rate limit',
        description:
          'Use it to check a connection: `curl -H "Authorization: Bearer yc_..." https://<site>/api/open/v1/key`',
        response: { 200: openData(keyInfo) },
      },
    },
    async (request) => {
      const key = openKeyOf(request);
      return {
        data: { name: key.name, scopes: [...key.scopes], rate_limit_per_minute: key.rateLimitPerMinute },
      };
    },
  );
};
