import {
  adminLoginBody,
  buyerLookupItem,
  buyerLookupQuery,
  companyDecisionBody,
  documentCorrectionBody,
  documentDecisionBody,
  emptyBody,
  envelope,
  idParams,
  operatorMe,
  recordId,
  reviewCompany as reviewCompanySchema,
  reviewQueuePage,
  reviewQueueQuery,
  savedId,
  toYuan,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { refusal } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { loadOperatorAccess } from '../operator/access';
import { walletRow } from '../wallet/service';
import { loginOperator } from './auth';
import { correctDocument } from './correction';
import { decideCompany, decideDocument, listReviewQueue, lookupBuyers, reviewCompany } from './review';

/** Operator sign-in, the qualification review queue (质管) and the buyer lookup. */
export const accountAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = app.requirePermission;

  app.post(
    '/admin/login',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { tags: ['admin'], body: adminLoginBody, response: { 200: envelope(savedId) } },
    },
    async (request, reply) => {
      const operatorId = await loginOperator(request.visitorCtx(), app.loginAttempts, request.body);
      const access = await loadOperatorAccess(app.db, operatorId);
      if (!access || access.disabled) throw refusal('该账号已停用，请联系超级管理员', 403);
      await reply.startSession('operator', {
        operatorId,
        operatorVersion: access.sessionVersion,
        loginAt: Date.now(),
      });
      return ok({ id: operatorId }, '登录成功');
    },
  );

  app.delete(
    '/admin/logout',
    { schema: { tags: ['admin'], response: { 200: emptyBody } } },
    async (_request, reply) => {
      await reply.endSession('operator');
      return ok(null, '已退出');
    },
  );

  const signedIn: FastifyPluginAsyncZod = async (scope) => {
    operatorOnly(scope);
    scope.get(
      '/admin/me',
      { preValidation: guard(), schema: { tags: ['admin'], response: { 200: envelope(operatorMe) } } },
      async (request) => {
        const { id, username, name, roles, permissions } = request.operatorAccess!;
        return ok({ id, username, name, roles, permissions });
      },
    );

    scope.get(
      '/admin/qualifications',
      {
        preValidation: guard('buyers:review'),
        schema: {
          tags: ['admin'],
          summary: 'Companies by qualification review state',
          querystring: reviewQueueQuery,
          response: { 200: envelope(reviewQueuePage) },
        },
      },
      async (request) => ok(await listReviewQueue(await request.operatorCtx(), request.query)),
    );
    scope.get(
      '/admin/qualifications/:id',
      {
        preValidation: guard('buyers:review'),
        schema: {
          tags: ['admin'],
          summary: "A company's qualification documents",
          params: idParams,
          response: { 200: envelope(reviewCompanySchema) },
        },
      },
      async (request) => ok(await reviewCompany(await request.operatorCtx(), request.params.id)),
    );
    scope.post(
      '/admin/qualifications/:id/documents/:documentId',
      {
        preValidation: guard('buyers:review'),
        schema: {
          tags: ['admin'],
          summary: 'Approve or refuse one document',
          params: z.object({ id: recordId(), documentId: recordId() }),
          body: documentDecisionBody,
          response: { 200: envelope(reviewCompanySchema) },
        },
      },
      async (request) => {
        const ctx = await request.operatorCtx();
        await decideDocument(ctx, request.params.id, request.params.documentId, request.body);
        return ok(
          await reviewCompany(ctx, request.params.id),
          request.body.approve ? '证件已通过' : '证件已退回',
        );
      },
    );
    scope.post(
      '/admin/qualifications/:id/documents/:documentId/correction',
      {
        preValidation: guard('buyers:review'),
        schema: {
          tags: ['admin'],
          summary: 'Correct a reviewed document: a new reviewed version that supersedes it',
          params: z.object({ id: recordId(), documentId: recordId() }),
          body: documentCorrectionBody,
          response: { 200: envelope(reviewCompanySchema) },
        },
      },
      async (request) => {
        const ctx = await request.operatorCtx();
        await correctDocument(ctx, request.params.id, request.params.documentId, request.body);
        return ok(await reviewCompany(ctx, request.params.id), '证件已更正');
      },
    );
    scope.post(
      '/admin/qualifications/:id/decision',
      {
        preValidation: guard('buyers:review'),
        schema: {
          tags: ['admin'],
          summary: 'Approve (with business scope) or refuse the company',
          params: idParams,
          body: companyDecisionBody,
          response: { 200: envelope(reviewCompanySchema) },
        },
      },
      async (request) => {
        const ctx = await request.operatorCtx();
        const result = await decideCompany(ctx, request.params.id, request.body);
        // After the commit: a failed SMS never undoes the decision; the message is already stored.
        for (const phone of result.phones) {
          await app.sms.sendNotice('review_result', phone, result.notice).catch((error) => {
            request.log.warn({ err: error, phone }, 'review notice SMS failed');
          });
        }
        return ok(
          await reviewCompany(ctx, request.params.id),
          request.body.approve ? '企业资质已通过' : '企业资质已退回',
        );
      },
    );

    scope.get(
      '/admin/buyers',
      {
        preValidation: guard('buyers:read'),
        schema: {
          tags: ['admin'],
          summary: 'Find buyer stores by phone, store or company name',
          querystring: buyerLookupQuery,
          response: { 200: envelope(z.array(buyerLookupItem)) },
        },
      },
      async (request) => {
        const ctx = await request.operatorCtx();
        const rows = await lookupBuyers(ctx, request.query.keyword);
        const wallets = await Promise.all(rows.map((row) => walletRow(ctx.db, row.user_id)));
        return ok(
          rows.map((row, i) => ({
            ...row,
            credit_limit: toYuan(wallets[i].creditLimitFen),
            credit_used: toYuan(wallets[i].creditUsedFen),
            term_days: wallets[i].creditTermDays,
          })),
        );
      },
    );
  };
  await app.register(signedIn);
};
