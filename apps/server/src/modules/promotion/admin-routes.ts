import {
  activityStateBody,
  adminManjianView,
  adminPromotionView,
  envelope,
  idParams,
  manjianBody,
  promotionBody,
  promotionKindView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { listManjian, saveManjian, setManjianState } from './activities';
import { listPromotions, promotionKinds, savePromotion, setPromotionState } from './promotions';

/** The console's promotion screens (满减 activities, promotions in the one shape), behind promotions:write. */
export const promotionAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('promotions:write');
  const tags = ['admin'];
  app.get(
    '/admin/manjian',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Full-reduction activities',
        response: { 200: envelope(z.array(adminManjianView)) },
      },
    },
    async (request) => ok(await listManjian(await request.operatorCtx())),
  );
  app.post(
    '/admin/manjian',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a full-reduction activity',
        body: manjianBody,
        response: { 200: envelope(adminManjianView) },
      },
    },
    async (request) => ok(await saveManjian(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    '/admin/manjian/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Edit a full-reduction activity',
        params: idParams,
        body: manjianBody,
        response: { 200: envelope(adminManjianView) },
      },
    },
    async (request) =>
      ok(await saveManjian(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/manjian/:id/state',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Pause, resume or end a full-reduction activity',
        params: idParams,
        body: activityStateBody,
        response: { 200: envelope(adminManjianView) },
      },
    },
    async (request) =>
      ok(
        await setManjianState(await request.operatorCtx(), request.params.id, request.body.action),
        '已更新',
      ),
  );
  app.get(
    '/admin/promotion-kinds',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Promotion kinds stored as data, with the fields their editor renders',
        response: { 200: envelope(z.array(promotionKindView)) },
      },
    },
    async () => ok(promotionKinds()),
  );
  app.get(
    '/admin/promotions',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Promotions in the one shape',
        response: { 200: envelope(z.array(adminPromotionView)) },
      },
    },
    async (request) => ok(await listPromotions(await request.operatorCtx())),
  );
  app.post(
    '/admin/promotions',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create a promotion',
        body: promotionBody,
        response: { 200: envelope(adminPromotionView) },
      },
    },
    async (request) => ok(await savePromotion(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    '/admin/promotions/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Edit a promotion',
        params: idParams,
        body: promotionBody,
        response: { 200: envelope(adminPromotionView) },
      },
    },
    async (request) =>
      ok(await savePromotion(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/promotions/:id/state',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Pause, resume or end a promotion',
        params: idParams,
        body: activityStateBody,
        response: { 200: envelope(adminPromotionView) },
      },
    },
    async (request) =>
      ok(
        await setPromotionState(await request.operatorCtx(), request.params.id, request.body.action),
        '已更新',
      ),
  );
};
