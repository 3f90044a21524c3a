import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { securitySchemes } from './session';

/** OpenAPI generated from the routes' zod schemas, served at /api/docs. */
export const docsPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      info: {
        title: '药采 Yaocai API',
        version: '0.1.0',
        description: 'Body envelope: { code, message, data }',
      },
      // Routes that need a session name their scheme (buyerOnly / operatorOnly scopes).
      components: { securitySchemes },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
});
