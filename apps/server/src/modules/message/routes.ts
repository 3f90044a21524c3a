import { envelope, messagePage, messageQuery, messageReadBody, messageReadResult } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { markRead, myMessages } from './service';

/** 我的消息 (/wdxx): the store's messages by category, unread counts, mark read. */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['account'];
  app.get(
    '/user/messages',
    {
      schema: {
        tags,
        summary: 'My messages',
        querystring: messageQuery,
        response: { 200: envelope(messagePage) },
      },
    },
    async (request) => ok(await myMessages(await request.buyerCtx(), request.query)),
  );
  app.post(
    '/user/messages/read',
    {
      schema: {
        tags,
        summary: 'Mark messages read (some, a category, or all)',
        body: messageReadBody,
        response: { 200: envelope(messageReadResult) },
      },
    },
    async (request) => {
      const result = await markRead(await request.buyerCtx(), request.body);
      // The header's message_count follows at once for this session.
      return ok(result, '已标记为已读');
    },
  );
};
