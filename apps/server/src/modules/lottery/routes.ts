import {
  adminDrawPage,
  adminDrawQuery,
  adminLotteryView,
  drawBody,
  drawRecordPage,
  drawRecordQuery,
  drawResultView,
  envelope,
  idParams,
  lotteryAdView,
  lotteryBody,
  lotteryIdParams,
  lotteryIdQuery,
  lotteryView,
  simpleLotteryView,
  singleLineText,
  winnerView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import { adsAt } from '../content/service';
import {
  draw,
  latestWinners,
  listLotteries,
  lotteryActivity,
  lotteryDrawsPage,
  myDraws,
  promotionOptions,
  saveLottery,
  shipDrawPrize,
  simpleLottery,
} from './service';

/** The lottery as anyone sees it (spec section 7, Lottery calls): banner state, prizes, winners, ads. */
export const lotteryRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['lottery'];
  app.get(
    '/draw/simple',
    {
      schema: {
        tags,
        summary: 'The running lottery and whether this store has joined (is_join 0: may draw)',
        response: { 200: envelope(simpleLotteryView) },
      },
    },
    async (request) => ok(await simpleLottery(await request.viewerCtx())),
  );
  app.get(
    '/draw/:id/activity',
    {
      schema: {
        tags,
        summary: 'A lottery with its prizes',
        params: lotteryIdParams,
        response: { 200: envelope(lotteryView) },
      },
    },
    async (request) => ok(await lotteryActivity(await request.viewerCtx(), request.params.id)),
  );
  app.get(
    '/draw/new_record',
    {
      schema: {
        tags,
        summary: 'The latest winners (store names masked)',
        querystring: lotteryIdQuery,
        response: { 200: envelope(z.array(winnerView)) },
      },
    },
    async (request) => ok(await latestWinners(await request.viewerCtx(), request.query.id)),
  );
  app.get(
    '/draw/ads',
    {
      schema: {
        tags,
        summary: 'Ads beside the lottery',
        response: { 200: envelope(z.array(lotteryAdView)) },
      },
    },
    async (request) =>
      ok(
        (await adsAt(await request.viewerCtx(), 'lottery'))
          .filter((a) => a.image)
          .map((a) => ({ url: a.url, image: a.image as string })),
      ),
  );
  // The spec lists the draw as GET /api/draw; a draw spends an entry, so it is a POST (a GET
  // could be set off by an <img> on another site). A GET answers 405 saying so.
  app.get(
    '/draw',
    { schema: { tags, summary: 'Not a draw: drawing is POST /api/draw', hide: true } },
    async () => {
      throw new AppError(405, '请通过 POST /api/draw 抽奖');
    },
  );
};

/** Drawing and the store's own draws: a logged-in store. */
export const lotteryBuyerRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['lottery'];
  app.post(
    '/draw',
    {
      schema: {
        tags,
        summary: 'Draw (the server picks the prize)',
        body: drawBody,
        response: { 200: envelope(drawResultView) },
      },
    },
    async (request) => {
      const result = await draw(await request.buyerCtx(), request.body.id);
      return ok(result);
    },
  );
  app.get(
    '/draw/record',
    {
      schema: {
        tags,
        summary: 'My draws',
        querystring: drawRecordQuery,
        response: { 200: envelope(drawRecordPage) },
      },
    },
    async (request) => ok(await myDraws(await request.buyerCtx(), request.query)),
  );
};

/** The console's lotteries (抽奖活动, promotions:write): create and edit with prizes, draws, shipping. */
export const lotteryAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('promotions:write');
  const tags = ['admin'];
  app.get(
    '/admin/lotteries',
    {
      preValidation: guard,
      schema: { tags, summary: 'Lotteries', response: { 200: envelope(z.array(adminLotteryView)) } },
    },
    async (request) => ok(await listLotteries(await request.operatorCtx())),
  );
  app.post(
    '/admin/lotteries',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a lottery',
        body: lotteryBody,
        response: { 200: envelope(adminLotteryView) },
      },
    },
    async (request) => ok(await saveLottery(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    '/admin/lotteries/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Edit a lottery and its prizes',
        params: idParams,
        body: lotteryBody,
        response: { 200: envelope(adminLotteryView) },
      },
    },
    async (request) =>
      ok(await saveLottery(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.get(
    '/admin/promotion-options',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Coupons and goods for prize and reward pickers',
        querystring: z.object({ q: singleLineText('关键词', 40).default('') }),
        response: {
          200: envelope(
            z.object({
              coupons: z.array(z.object({ id: z.number().int(), name: z.string() })),
              goods: z.array(z.object({ id: z.number().int(), name: z.string(), spec: z.string() })),
            }),
          ),
        },
      },
    },
    async (request) => ok(await promotionOptions(await request.operatorCtx(), request.query.q)),
  );
  app.get(
    '/admin/lotteries/:id/draws',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Draws of a lottery',
        params: idParams,
        querystring: adminDrawQuery,
        response: { 200: envelope(adminDrawPage) },
      },
    },
    async (request) =>
      ok(await lotteryDrawsPage(await request.operatorCtx(), request.params.id, request.query)),
  );
  app.post(
    '/admin/lottery-draws/:id/ship',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Mark a won goods shipped',
        params: idParams,
        response: { 200: envelope(z.object({ id: z.number().int() })) },
      },
    },
    async (request) => ok(await shipDrawPrize(await request.operatorCtx(), request.params.id), '已标记发货'),
  );
};
