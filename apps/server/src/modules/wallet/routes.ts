import {
  codeNumber,
  creditBillView,
  creditSummaryView,
  envelope,
  moneyLogQuery,
  moneyLogView,
  page,
  pageNumber,
  toYuan,
  walletBalance,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { creditBillPage, creditSummary, moneyLogPage, walletOf } from './service';

/** Wallet of the logged-in store: balance (/yegl) and credit-term account (/zqgl). */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  app.get(
    '/user/user_money',
    { schema: { tags: ['wallet'], summary: 'Wallet balance', response: { 200: envelope(walletBalance) } } },
    async (request) => {
      const w = await walletOf(await request.buyerCtx());
      return ok({ user_money: toYuan(w.balanceFen) });
    },
  );
  app.get(
    '/user/user_money_log',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Balance log',
        querystring: moneyLogQuery,
        response: { 200: envelope(page(moneyLogView)) },
      },
    },
    async (request) => ok(await moneyLogPage(await request.buyerCtx(), request.query)),
  );
  app.get(
    '/user/user_credit',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Credit-term account',
        response: { 200: envelope(creditSummaryView) },
      },
    },
    async (request) => ok(await creditSummary(await request.buyerCtx())),
  );
  app.get(
    '/user/user_credit_list',
    {
      schema: {
        tags: ['wallet'],
        summary: 'Credit bills (type 1 unpaid, 2 paid, 3 overdue)',
        querystring: z.object({
          page: pageNumber,
          type: codeNumber.optional(),
        }),
        response: { 200: envelope(page(creditBillView)) },
      },
    },
    async (request) => ok(await creditBillPage(await request.buyerCtx(), request.query)),
  );
};
