import { activityGoodsQuery, cashBackData, envelope, everydayPriceData, welfareData } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { cashBackPage, everydayPrice, welfarePage } from './special-pages';

/** The shop's activity pages: 每日特价 (/mrtj), 全场94折 (/welfare), 满额返现 (/hb). Open to visitors. */
export const specialActivityRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['activity'];
  app.get(
    '/activity/everyday_price',
    {
      schema: {
        tags,
        summary: "Today's daily specials with the countdown to the day's end",
        response: { 200: envelope(everydayPriceData) },
      },
    },
    async (request) => ok(await everydayPrice(await request.viewerCtx())),
  );
  app.get(
    '/activity/welfare',
    {
      schema: {
        tags,
        summary: 'The running welfare discount and its covered goods',
        querystring: activityGoodsQuery,
        response: { 200: envelope(welfareData) },
      },
    },
    async (request) => ok(await welfarePage(await request.viewerCtx(), request.query)),
  );
  app.get(
    '/activity/cash_back',
    {
      schema: {
        tags,
        summary: "The running cash-back activity, the store's cash-back and the covered goods",
        querystring: activityGoodsQuery,
        response: { 200: envelope(cashBackData) },
      },
    },
    async (request) => ok(await cashBackPage(await request.viewerCtx(), request.query)),
  );
};
