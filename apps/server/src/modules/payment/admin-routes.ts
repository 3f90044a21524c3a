import {
  envelope,
  idParams,
  reconciliationBody,
  reconciliationList,
  reconciliationRunView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fileBytes, sendFile, XLSX } from '../../lib/download';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { reconciliationList as listRuns, reconcile, reconciliationXlsx } from './reconciliation';

/** 财务 → 对账: reconcile a channel's day against the provider's bill, list runs, export one. */
export const paymentAdminRoutes: FastifyPluginAsyncZod<{ channels: readonly string[] }> = async (
  app,
  { channels },
) => {
  operatorOnly(app);
  const guard = app.requirePermission('payments:reconcile');
  const tags = ['admin'];
  app.get(
    '/admin/finance/reconciliations',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Reconciliation runs and the channels with bills',
        response: { 200: envelope(reconciliationList) },
      },
    },
    async (request) => ok(await listRuns(await request.operatorCtx(), channels)),
  );
  app.post(
    '/admin/finance/reconciliations',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: "Reconcile one channel's China day against the provider's bill",
        body: reconciliationBody,
        response: { 200: envelope(reconciliationRunView) },
      },
    },
    async (request) => {
      const run = await reconcile(
        await request.operatorCtx(),
        channels,
        request.body.channel,
        request.body.date,
      );
      return ok(
        run,
        run.differences.length ? `对账完成，发现 ${run.differences.length} 笔差异` : '对账完成，账单一致',
      );
    },
  );
  app.get(
    '/admin/finance/reconciliations/:id/xlsx',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'One reconciliation run as .xlsx',
        params: idParams,
        produces: [XLSX],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendFile(reply, XLSX, await reconciliationXlsx(await request.operatorCtx(), request.params.id)),
  );
};
