import {
  adminCashBackView,
  adminDailySpecialView,
  adminWelfareView,
  cashBackBody,
  coverageOptions,
  dailySpecialBody,
  envelope,
  idParams,
  specialKindParams,
  specialPreview,
  specialPreviewQuery,
  specialStatusBody,
  welfareBody,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { catalogRefs } from '../catalog/refs';
import { listCashBack, listWelfare, saveCashBack, saveWelfare } from './admin-activities';
import { listDailySpecials, saveDailySpecial } from './admin-daily';
import { changeStatus } from './admin-status';
import { previewAsStore } from './special-pages';

/** The console's 每日特价, 福利折扣 and 满额返现 (promotions:write): list, create, edit, status. */
export const specialsAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const preValidation = app.requirePermission('promotions:write');
  const tags = ['admin'];
  const base = '/admin/promotion';

  app.get(
    `${base}/daily_special`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Daily specials',
        response: { 200: envelope(z.array(adminDailySpecialView)) },
      },
    },
    async (request) => ok(await listDailySpecials(await request.operatorCtx())),
  );
  app.post(
    `${base}/daily_special`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Create a daily special',
        body: dailySpecialBody,
        response: { 200: envelope(adminDailySpecialView) },
      },
    },
    async (request) => ok(await saveDailySpecial(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    `${base}/daily_special/:id`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Edit a daily special',
        params: idParams,
        body: dailySpecialBody,
        response: { 200: envelope(adminDailySpecialView) },
      },
    },
    async (request) =>
      ok(await saveDailySpecial(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );

  app.get(
    `${base}/welfare`,
    {
      preValidation,
      schema: { tags, summary: 'Welfare discounts', response: { 200: envelope(z.array(adminWelfareView)) } },
    },
    async (request) => ok(await listWelfare(await request.operatorCtx())),
  );
  app.post(
    `${base}/welfare`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Create a welfare discount',
        body: welfareBody,
        response: { 200: envelope(adminWelfareView) },
      },
    },
    async (request) => ok(await saveWelfare(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    `${base}/welfare/:id`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Edit a welfare discount',
        params: idParams,
        body: welfareBody,
        response: { 200: envelope(adminWelfareView) },
      },
    },
    async (request) =>
      ok(await saveWelfare(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );

  app.get(
    `${base}/cash_back`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Cash-back activities',
        response: { 200: envelope(z.array(adminCashBackView)) },
      },
    },
    async (request) => ok(await listCashBack(await request.operatorCtx())),
  );
  app.post(
    `${base}/cash_back`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Create a cash-back activity',
        body: cashBackBody,
        response: { 200: envelope(adminCashBackView) },
      },
    },
    async (request) => ok(await saveCashBack(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    `${base}/cash_back/:id`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Edit a cash-back activity',
        params: idParams,
        body: cashBackBody,
        response: { 200: envelope(adminCashBackView) },
      },
    },
    async (request) =>
      ok(await saveCashBack(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );

  app.get(
    `${base}/coverage_options`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Categories and brands a coverage may name',
        response: { 200: envelope(coverageOptions) },
      },
    },
    async () => {
      const refs = await catalogRefs(app.db);
      return ok({
        categories: refs.categories.map((c) => ({
          id: c.id,
          name: c.name,
          menu: c.menu,
          parent_id: c.parentId,
        })),
        brands: refs.brands.map((b) => ({ id: b.id, name: b.name })),
      });
    },
  );
  app.get(
    `${base}/preview`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'The activity pages as a given store sees them now',
        querystring: specialPreviewQuery,
        response: { 200: envelope(specialPreview) },
      },
    },
    async (request) => ok(await previewAsStore(await request.operatorCtx(), request.query.phone)),
  );
  app.post(
    `${base}/:kind/:id/status`,
    {
      preValidation,
      schema: {
        tags,
        summary: 'Pause, resume or end an activity',
        params: specialKindParams,
        body: specialStatusBody,
        response: { 200: envelope(z.object({ id: z.number().int(), status: z.string() })) },
      },
    },
    async (request) =>
      ok(
        await changeStatus(
          await request.operatorCtx(),
          request.params.kind,
          request.params.id,
          request.body.action,
        ),
        '已更新',
      ),
  );
};
