import {
  adminPageQuery,
  adminRedemptionPage,
  adminRewardView,
  envelope,
  idParams,
  pageQuery,
  pointsHistoryView,
  redeemBody,
  redemptionPage,
  redemptionView,
  rewardBody,
  rewardView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import { listRedemptions, listRewards, myRedemptions, redeem, rewardList, saveReward } from './mall';
import { pointsHistory } from './service';

/** The points mall as anyone sees it (/jfsc). */
export const pointsMallRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/jfsc/rewards',
    {
      schema: {
        tags: ['points'],
        summary: 'Rewards on offer',
        response: { 200: envelope(z.array(rewardView)) },
      },
    },
    async (request) => ok(await rewardList(await request.viewerCtx())),
  );
};

/** The store's points: its ledger, its redemptions, redeeming. */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['points'];
  app.get(
    '/user/points',
    {
      schema: {
        tags,
        summary: 'Points balance and ledger',
        querystring: pageQuery,
        response: { 200: envelope(pointsHistoryView) },
      },
    },
    async (request) => ok(await pointsHistory(await request.buyerCtx(), request.query)),
  );
  app.post(
    '/jfsc/redeem',
    {
      schema: {
        tags,
        summary: 'Redeem a reward for points',
        body: redeemBody,
        response: { 200: envelope(redemptionView) },
      },
    },
    async (request) => {
      const result = await redeem(await request.buyerCtx(), request.body.reward_id, request.body.address_id);
      // The header and the mall read points from user/base: this session's copy is stale now.
      return ok(result, '兑换成功');
    },
  );
  app.get(
    '/jfsc/redemptions',
    {
      schema: {
        tags,
        summary: 'My redemptions',
        querystring: pageQuery,
        response: { 200: envelope(redemptionPage) },
      },
    },
    async (request) => ok(await myRedemptions(await request.buyerCtx(), request.query)),
  );
};

/** The console's points mall (积分商城, promotions:write): rewards and redemptions. */
export const pointsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('promotions:write');
  const tags = ['admin'];
  app.get(
    '/admin/rewards',
    {
      preValidation: guard,
      schema: { tags, summary: 'Rewards', response: { 200: envelope(z.array(adminRewardView)) } },
    },
    async (request) => ok(await listRewards(await request.operatorCtx())),
  );
  app.post(
    '/admin/rewards',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Add a reward',
        body: rewardBody,
        response: { 200: envelope(adminRewardView) },
      },
    },
    async (request) => ok(await saveReward(await request.operatorCtx(), null, request.body), '已添加'),
  );
  app.post(
    '/admin/rewards/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Edit a reward',
        params: idParams,
        body: rewardBody,
        response: { 200: envelope(adminRewardView) },
      },
    },
    async (request) =>
      ok(await saveReward(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.get(
    '/admin/redemptions',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Redemptions',
        querystring: adminPageQuery,
        response: { 200: envelope(adminRedemptionPage) },
      },
    },
    async (request) => ok(await listRedemptions(await request.operatorCtx(), request.query)),
  );
};
