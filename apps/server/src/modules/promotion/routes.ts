import {
  adminCouponClaimView,
  adminCouponView,
  availableCouponList,
  codeNumber,
  couponActionBody,
  couponCentre,
  couponCountsData,
  couponReceiveBody,
  couponReceived,
  couponTemplateBody,
  couponView,
  envelope,
  idList,
  idParams,
  page,
  pageNumber,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import { loadCheckout } from '../order/checkout';
import { loadOrderSettings } from '../order/settings';
import { couponCentre as centreOf, receiveCoupon } from './centre';
import { changeCouponStatus, couponClaims, listAdminCoupons, saveCoupon } from './coupon-admin';
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
    async (request) => {
      const ctx = await request.buyerCtx();
      return ok(
        await availableCoupons(
          ctx,
          { type: request.query.type, ids: request.query.ids ?? request.query['ids[]'] },
          async (ids) => loadCheckout(ctx, { ids }, await loadOrderSettings(ctx.db)),
        ),
      );
    },
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

/** The coupon centre (/lqzx): anyone sees it; a logged-in store whose company may buy claims. */
export const couponCentreRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/coupon/centre',
    {
      schema: {
        tags: ['coupon'],
        summary: 'Coupon centre: coupons with remaining quota and this store’s state',
        response: { 200: envelope(couponCentre) },
      },
    },
    async (request) => ok(await centreOf(await request.viewerCtx())),
  );
};

export const couponReceiveRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  app.post(
    '/coupon/receive',
    {
      schema: {
        tags: ['coupon'],
        summary: 'Claim a coupon from the centre (quota and per-store limit)',
        body: couponReceiveBody,
        response: { 200: envelope(couponReceived) },
      },
    },
    async (request) => ok(await receiveCoupon(await request.buyerCtx(), request.body.coupon_id), '领取成功'),
  );
};

/** The console's coupons (优惠券管理, promotions:write). */
export const couponAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('promotions:write');
  const tags = ['admin'];
  app.get(
    '/admin/coupons',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Coupons with claims, uses and sales',
        response: { 200: envelope(z.array(adminCouponView)) },
      },
    },
    async (request) => ok(await listAdminCoupons(await request.operatorCtx())),
  );
  app.post(
    '/admin/coupons',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a coupon (draft)',
        body: couponTemplateBody,
        response: { 200: envelope(adminCouponView) },
      },
    },
    async (request) => ok(await saveCoupon(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    '/admin/coupons/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Edit a coupon',
        params: idParams,
        body: couponTemplateBody,
        response: { 200: envelope(adminCouponView) },
      },
    },
    async (request) =>
      ok(await saveCoupon(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/coupons/:id/status',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Publish, pause, resume or end a coupon',
        params: idParams,
        body: couponActionBody,
        response: { 200: envelope(adminCouponView) },
      },
    },
    async (request) =>
      ok(
        await changeCouponStatus(await request.operatorCtx(), request.params.id, request.body.action),
        '已更新',
      ),
  );
  app.get(
    '/admin/coupons/:id/claims',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Claims and uses of a coupon',
        params: idParams,
        querystring: z.object({ page: pageNumber }),
        response: { 200: envelope(page(adminCouponClaimView)) },
      },
    },
    async (request) =>
      ok(await couponClaims(await request.operatorCtx(), request.params.id, request.query.page)),
  );
};
