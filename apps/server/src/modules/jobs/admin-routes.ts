import { envelope, jobRetryParams, jobRunView, jobsOverview } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { audit } from '../audit/service';

/** 系统 → 后台任务: each job kind's schedule and runs (jobs:read); a failed run retried (jobs:write). */
export const jobsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const tags = ['admin'];
  app.get(
    '/admin/jobs',
    {
      preValidation: app.requirePermission('jobs:read'),
      schema: {
        tags,
        summary: 'Background jobs: schedules, last and next runs, runs in progress, failures',
        response: { 200: envelope(jobsOverview) },
      },
    },
    async () => ok(await app.jobs.overview(app.clock.now())),
  );
  app.post(
    '/admin/jobs/:kind/runs/:id/retry',
    {
      preValidation: app.requirePermission('jobs:write'),
      schema: {
        tags,
        summary: 'Run a failed background job again',
        params: jobRetryParams,
        response: { 200: envelope(jobRunView) },
      },
    },
    async (request) => {
      const { kind, id } = request.params;
      const ctx = await request.operatorCtx();
      const run = await app.jobs.retry(kind, id);
      if (!run) throw notFound('没有这条失败的任务，可能已经重试过');
      await audit(ctx.db, ctx, {
        action: 'job.retry',
        target: { type: 'job', id },
        before: { kind, state: 'failed' },
        after: { kind, state: run.state, error: run.error },
      });
      return ok(run, '已重新运行');
    },
  );
};
