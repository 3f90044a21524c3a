import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { WebhooksConfig } from '../../config';

declare module 'fastify' {
  interface FastifyInstance {
    /** Webhook delivery settings (WEBHOOK_* configuration): the job and the subscription checks read them. */
    webhookSettings: WebhooksConfig;
  }
}

/** The webhook settings, before the open API and the jobs that read them. */
export const webhooksPlugin = fp(async (app: FastifyInstance, options: { config: WebhooksConfig }) => {
  app.decorate('webhookSettings', options.config);
});
