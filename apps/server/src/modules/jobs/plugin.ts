import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { JobsConfig } from '../../config';
import { inProcessRunner } from './in-process';
import { queueRunner } from './queue';
import type { JobRunner } from './runner';

declare module 'fastify' {
  interface FastifyInstance {
    /** The background jobs of this process (runner.ts). */
    jobs: JobRunner;
  }
}

/**
 * The background jobs: on PostgreSQL the job queue (run by the worker role, or by a web process
 * with RUN_JOBS=1), on the embedded database timers in this one process. Registered after the
 * modules whose work the jobs do (the payment providers, the SMS gateway); starts when the app
 * is ready and stops, waiting for the job in progress, when it closes.
 */
export const jobsPlugin = fp(async (app: FastifyInstance, options: { config: JobsConfig }) => {
  const url = app.database.kind === 'postgres' ? app.database.url : undefined;
  const runner = url ? queueRunner(app, options.config, url) : inProcessRunner(app, options.config);
  app.decorate('jobs', runner);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.close());
});
