import {
  availableCouponList,
  codeNumber,
  couponCountsData,
  couponView,
  envelope,
  idList,
  page,
  pageNumber,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { availableCoupons, couponCounts, myCoupons } from './service';

const ids = idList([0, ''], [200, '一次最多选择200种商品']);

/** Coupons and cash vouchers of the logged-in store (/yhq, /xjq, verify order). */
export const promotionRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  app.get(
    '/user/availableCoupon',
    {
      schema: {
        tags: ['coupon'],
        summary: 'Coupons usable on the selected cart lines',
        querystring: z.object({
          type: codeNumber.optional(),
          page: pageNumber,
          ids: ids.optional(),
          'ids[]': ids.optional(),
        }),
        response: { 200: envelope(availableCouponList) },
      },
    },
    async (request) =>
      ok(
        await availableCoupons(await request.buyerCtx(), {
          type: request.query.type,
          ids: request.query.ids ?? request.query['ids[]'],
        }),
      ),
  );
  app.get(
    '/user/coupon',
    {
      schema: {
        tags: ['coupon'],
        summary: 'My coupons (status 1 unused, 2 used, 3 expired; type 1 coupon, 2 cash)',
        querystring: z.object({
          page: pageNumber,
          type: codeNumber.optional(),
          status: codeNumber.optional(),
        }),
        response: { 200: envelope(page(couponView)) },
      },
    },
    async (request) => ok(await myCoupons(await request.buyerCtx(), request.query)),
  );
  app.get(
    '/user/couponNum',
    {
      schema: {
        tags: ['coupon'],
        summary: 'Unused coupon counts',
        response: { 200: envelope(couponCountsData) },
      },
    },
    async (request) => ok(await couponCounts(await request.buyerCtx())),
  );
};
