import {
  activityPageBody,
  activityPageIdParams,
  activityPageListQuery,
  activityPageStatusBody,
  activityPageSummary,
  activityPageView,
  activityPreviewQuery,
  adminActivityPageView,
  envelope,
  idParams,
  previewStoreQuery,
  previewStoreView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { searchStores } from '../account/buyers-admin';
import {
  activityPage,
  activityPageList,
  getAdminPage,
  listAdminPages,
  movePage,
  previewPage,
  savePage,
} from './pages';

/** Activity pages as anyone sees them (/yjh, /Hdzx, /zqmb, /hdmb, /loading/activity). */
export const activityPageRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['activity'];
  app.get(
    '/activity-pages',
    {
      schema: {
        tags,
        summary: 'Running pages of a template (/yjh), or the pages named by ids (/Hdzx tabs)',
        querystring: activityPageListQuery,
        response: { 200: envelope(z.array(activityPageSummary)) },
      },
    },
    async (request) => ok(await activityPageList(await request.viewerCtx(), request.query)),
  );
  app.get(
    '/activity-pages/:id',
    {
      schema: {
        tags,
        summary: 'A published page: its sections when running, the notice of spec 8 otherwise',
        params: activityPageIdParams,
        response: { 200: envelope(activityPageView) },
      },
    },
    async (request) => ok(await activityPage(await request.viewerCtx(), request.params.id)),
  );
};

/** The console's activity pages (专题/活动页, promotions:write): build, schedule, publish, preview. */
export const activityPageAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const guard = app.requirePermission('promotions:write');
  const tags = ['admin'];
  app.get(
    '/admin/activity-pages',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Activity pages',
        response: { 200: envelope(z.array(adminActivityPageView)) },
      },
    },
    async (request) => ok(await listAdminPages(await request.operatorCtx())),
  );
  app.get(
    '/admin/activity-pages/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'An activity page',
        params: idParams,
        response: { 200: envelope(adminActivityPageView) },
      },
    },
    async (request) => ok(await getAdminPage(await request.operatorCtx(), request.params.id)),
  );
  app.post(
    '/admin/activity-pages',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Create an activity page (a draft)',
        body: activityPageBody,
        response: { 200: envelope(adminActivityPageView) },
      },
    },
    async (request) => ok(await savePage(await request.operatorCtx(), null, request.body), '已创建'),
  );
  app.post(
    '/admin/activity-pages/:id',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Edit an activity page',
        params: idParams,
        body: activityPageBody,
        response: { 200: envelope(adminActivityPageView) },
      },
    },
    async (request) =>
      ok(await savePage(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/activity-pages/:id/status',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Publish, pause, resume or end an activity page',
        params: idParams,
        body: activityPageStatusBody,
        response: { 200: envelope(adminActivityPageView) },
      },
    },
    async (request) =>
      ok(await movePage(await request.operatorCtx(), request.params.id, request.body.status), '已更新'),
  );
  app.get(
    '/admin/activity-pages/:id/preview',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'The page as a store would get it (its prices and eligibility), whatever the status',
        params: idParams,
        querystring: activityPreviewQuery,
        response: { 200: envelope(activityPageView) },
      },
    },
    async (request) =>
      ok(await previewPage(await request.operatorCtx(), request.params.id, request.query.user_id)),
  );
  app.get(
    '/admin/preview-stores',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Store accounts to preview a page as',
        querystring: previewStoreQuery,
        response: { 200: envelope(z.array(previewStoreView)) },
      },
    },
    async (request) => ok(await searchStores(await request.operatorCtx(), request.query.q)),
  );
};
