import {
  adminFeedbackPage,
  adminFeedbackQuery,
  envelope,
  feedbackBody,
  feedbackPage,
  feedbackQuery,
  feedbackReplyBody,
  feedbackView,
  idParams,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import { feedbackInbox, myFeedback, replyFeedback, submitFeedback } from './service';

/** The store's feedback (/yjfk): write one, read its own with the answers. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['account'];
  app.post(
    '/user/feedback',
    {
      schema: {
        tags,
        summary: 'Send feedback',
        body: feedbackBody,
        response: { 200: envelope(feedbackView) },
      },
    },
    async (request) =>
      ok(await submitFeedback(await request.buyerCtx(), request.body), '提交成功，我们会尽快回复'),
  );
  app.get(
    '/user/feedback',
    {
      schema: {
        tags,
        summary: 'My feedback',
        querystring: feedbackQuery,
        response: { 200: envelope(feedbackPage) },
      },
    },
    async (request) =>
      ok(await myFeedback(await request.buyerCtx(), request.query.page, request.query.page_size)),
  );
};

/** Customer service's inbox (意见反馈, feedback:write): list, answer once. */
export const feedbackAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('feedback:write');
  const tags = ['admin'];
  app.get(
    '/admin/feedback',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Feedback inbox',
        querystring: adminFeedbackQuery,
        response: { 200: envelope(adminFeedbackPage) },
      },
    },
    async (request) => ok(await feedbackInbox(await request.operatorCtx(), request.query)),
  );
  app.post(
    '/admin/feedback/:id/reply',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Answer feedback',
        params: idParams,
        body: feedbackReplyBody,
        response: { 200: envelope(feedbackView) },
      },
    },
    async (request) =>
      ok(await replyFeedback(await request.operatorCtx(), request.params.id, request.body.reply), '已回复'),
  );
};
