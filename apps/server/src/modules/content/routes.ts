import {
  adItem,
  envelope,
  headerCommonData,
  helpArticle as helpArticleSchema,
  helpCategory,
  idList,
  idParams,
  linkItem,
  newsArticle,
  newsListData,
  recordId,
  siteInfo,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import {
  adsAt,
  type ContentCtx,
  commonPayload,
  commonPayloadHead,
  helpArticle,
  helpTree,
  links,
  newsDetail,
  newsList,
  site,
} from './service';

/** Ad positions answered by GET /api/focus?position= and the GET /api/focus/{position} calls. */
export const adPositions = [
  'home_banner',
  'home_floor',
  'top',
  'right',
  'login',
  'yx',
  'zyzq',
  'kxzq',
  'new_kxzq',
  'kxzq_ad',
  'xrtj',
  'jxqzc',
  'qxzq',
  'ppzq',
  'demo',
  'postList',
] as const;

const tags = ['content'];

/** Header, menus, ads, links, site footer data, help articles and news. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Header, links, help and news are the same for every viewer: no session is read, only the
  // request's instant. Ads are the viewer's (below).
  const contentCtx = (): ContentCtx => ({ db: app.db, now: app.clock.now() });

  app.get(
    '/focus/common',
    {
      schema: {
        tags,
        summary:
          'Header data (headerCommonData): hot searches, nav, four category menus, brands, server time',
        // Sent as ready bytes (no serialiser runs): the cached data was parsed with this schema.
        response: { 200: envelope(headerCommonData) },
      },
    },
    async (_request, reply) => {
      // The cached JSON goes out as a ready buffer (no per-request serialisation); only the time is live.
      const ctx = contentCtx();
      const body = commonPayload(ctx, await commonPayloadHead(ctx));
      // The bytes are the schema's output (commonPayloadHead parsed them), hence the cast.
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );

  const adList = { 200: envelope(z.array(adItem)) };
  // Ads are narrowed to the viewer's audience (全部, 游客, 新客): they read the session.
  app.get('/focus/top', { schema: { tags, summary: 'Top ads', response: adList } }, async (request) =>
    ok(await adsAt(await request.viewerCtx(), 'top')),
  );
  app.get(
    '/focus/right',
    { schema: { tags, summary: 'Right side ads', response: adList } },
    async (request) => ok(await adsAt(await request.viewerCtx(), 'right')),
  );
  app.get(
    '/focus',
    {
      schema: {
        tags,
        summary: 'Ads of a position',
        querystring: z.object({ position: z.enum(adPositions) }),
        response: adList,
      },
    },
    async (request) => ok(await adsAt(await request.viewerCtx(), request.query.position)),
  );
  app.get(
    '/focus/:position',
    {
      schema: {
        tags,
        summary: 'Ads of a zone page; ids narrows to an ad group (/kxzq/goods/:url/:ads)',
        params: z.object({ position: z.enum(adPositions) }),
        querystring: z.object({
          ids: idList([1, '广告编号不正确'], [20, '广告编号最多20个'], '广告编号不正确').optional(),
        }),
        response: adList,
      },
    },
    async (request) => ok(await adsAt(await request.viewerCtx(), request.params.position, request.query.ids)),
  );

  app.get(
    '/global/links',
    { schema: { tags, summary: 'Friendly links', response: { 200: envelope(z.array(linkItem)) } } },
    async () => ok(await links(contentCtx())),
  );
  app.get(
    '/global/site',
    { schema: { tags, summary: 'Site title, footer, QR codes', response: { 200: envelope(siteInfo) } } },
    async () => ok(await site(contentCtx())),
  );

  app.get(
    '/article/category',
    {
      schema: {
        tags,
        summary: 'Help categories with their articles (url = shop route)',
        querystring: z.object({ category_id: z.coerce.number().int().positive().max(1000).default(3) }),
        response: { 200: envelope(z.array(helpCategory)) },
      },
    },
    async (request) => ok(await helpTree(contentCtx(), request.query.category_id)),
  );
  app.get(
    '/article/help',
    {
      schema: {
        tags,
        summary: 'A help article by shop route or id',
        querystring: z
          .object({
            path: z.string().trim().max(100).optional(),
            id: recordId().optional(),
          })
          .refine((q) => q.path || q.id, { message: '请指定文章', path: ['path'] }),
        response: { 200: envelope(helpArticleSchema) },
      },
    },
    async (request) => ok(await helpArticle(contentCtx(), request.query)),
  );

  app.get(
    '/news',
    {
      schema: {
        tags,
        summary: 'News list (hy industry, company)',
        querystring: z.object({
          type: z.enum(['hy', 'company']).optional(),
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          page_size: z.coerce.number().int().min(1).max(50).default(10),
        }),
        response: { 200: envelope(newsListData) },
      },
    },
    async (request) =>
      ok(await newsList(contentCtx(), request.query.type, request.query.page, request.query.page_size)),
  );
  app.get(
    '/news/:id',
    { schema: { tags, summary: 'News detail', params: idParams, response: { 200: envelope(newsArticle) } } },
    async (request) => ok(await newsDetail(contentCtx(), request.params.id)),
  );
};
