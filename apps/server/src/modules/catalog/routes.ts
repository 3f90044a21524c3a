import {
  brandPageData,
  brandWallItem,
  emptyBody,
  envelope,
  favoriteBody,
  favoriteListQuery,
  goodsActivitiesData,
  goodsActivitiesQuery,
  goodsDetailQuery,
  goodsDetail as goodsDetailSchema,
  goodsListData,
  goodsListQuery,
  goodsSearchData,
  goodsSearchListData,
  goodsSearchQuery,
  idParams,
  kxListQuery,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/errors';
import { ok } from '../../plugins/envelope';
import { fastSerialized } from '../../plugins/serializer';
import { buyerOnly } from '../../plugins/session';
import { planSearch, searchOutcome } from '../search/service';
import { closeCatalogIndex, warmCatalogIndex } from './listing/lists';
import { catalogRefs } from './refs';
import {
  activitiesOfGoods,
  addFavorites,
  brandWall,
  cancelFavorites,
  favoriteList,
  goodsDetail,
  goodsList,
  hotGoods,
  listPage,
  recommended,
  suggestions,
  withRanges,
} from './service';

const tags = ['goods'];

/**
 * A page of goods (list, hot, zone, recommendations, favourites): the hottest reads of the shop,
 * written by the compiled writer (plugins/serializer.ts) from what the summaries mapper built.
 */
const goodsPage = { 200: fastSerialized(envelope(goodsListData)) };

/** Catalogue calls: goods list, detail, suggestions, hot, activities, recommendations, brands, favourites. */
export const catalogRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  // The catalogue index (listing/lists.ts) is built as the server starts listening: a worker,
  // which never listens, has none; an app answering without listening (tests) builds it on its
  // first keyword list or suggestion.
  app.addHook('onListen', () => warmCatalogIndex(db));
  // The benches measure the index, not the statements answering while it is built.
  if (process.env.CATALOG_INDEX_WAIT === '1') app.addHook('onReady', () => warmCatalogIndex(db));
  app.addHook('onClose', async () => closeCatalogIndex(db));

  app.get(
    '/goods/list',
    {
      schema: {
        tags,
        summary: 'Goods list with filters, sort and paging',
        querystring: goodsListQuery,
        response: { 200: fastSerialized(envelope(goodsSearchListData)) },
      },
    },
    async (request) => {
      // A keyword also searches what its aliases name, and says so (modules/search).
      const ctx = await request.viewerCtx();
      const { terms, searchedAs } = await planSearch(db, request.query);
      const data = await goodsList(ctx, request.query, terms ? { terms } : {});
      const { didYouMean } = await searchOutcome(db, request.query, data.total, ctx.now);
      return ok({ ...data, searched_as: searchedAs, did_you_mean: didYouMean });
    },
  );

  app.get(
    '/kx/getList',
    {
      schema: {
        tags,
        summary: '控销 goods: the goods list params; each priced and judged for the asking buyer',
        querystring: kxListQuery,
        response: goodsPage,
      },
    },
    async (request) => ok(await goodsList(await request.viewerCtx(), request.query, { controlled: true })),
  );

  app.get(
    '/goods/detail/:id',
    {
      schema: {
        tags,
        summary: 'Goods detail',
        params: idParams,
        querystring: goodsDetailQuery,
        response: { 200: envelope(goodsDetailSchema) },
      },
    },
    async (request) => ok(await goodsDetail(await request.viewerCtx(), request.params.id, request.query)),
  );

  app.get(
    '/goods/search',
    {
      schema: {
        tags,
        summary: 'Search suggestions (type 0 drug names, 1 manufacturers)',
        querystring: goodsSearchQuery,
        response: { 200: envelope(goodsSearchData) },
      },
    },
    async (request) => {
      const { keywords, type, hl } = request.query;
      const found = await suggestions(db, keywords, type);
      return ok(hl === 1 ? withRanges(found, keywords) : found);
    },
  );

  app.get(
    '/goods/hot',
    {
      schema: {
        tags,
        summary: 'Best sellers',
        querystring: z.object({ page_size: z.coerce.number().int().min(1).max(50).default(10) }),
        response: goodsPage,
      },
    },
    async (request) => ok(await hotGoods(await request.viewerCtx(), request.query.page_size)),
  );

  app.get(
    '/goods/activities',
    {
      schema: {
        tags,
        summary: 'The live activities of a goods (goods_id), or goods of a zone or badge',
        querystring: goodsActivitiesQuery,
        response: { 200: envelope(goodsActivitiesData) },
      },
    },
    async (request) => {
      const { goods_id, zone, tag, page, page_size, sort } = request.query;
      const ctx = await request.viewerCtx();
      if (goods_id !== undefined) return ok(await activitiesOfGoods(ctx, goods_id));
      return ok({ ...(await listPage(ctx, { zone, tag }, sort, page, page_size)), activities: [] });
    },
  );

  app.get(
    '/index_wntj/:page',
    {
      schema: {
        tags,
        summary: 'Recommended for you',
        params: z.object({ page: z.coerce.number().int().min(1).max(50) }),
        querystring: z.object({ page_size: z.coerce.number().int().min(1).max(50).default(10) }),
        response: goodsPage,
      },
    },
    async (request) =>
      ok(await recommended(await request.viewerCtx(), request.params.page, request.query.page_size)),
  );

  app.get(
    '/focus/ppzq',
    { schema: { tags, summary: 'Brand wall', response: { 200: envelope(z.array(brandWallItem)) } } },
    async () => ok(await brandWall(db)),
  );

  app.get(
    '/focus/brand/:id',
    {
      schema: {
        tags,
        summary: "A brand's page: brand and its goods",
        params: idParams,
        querystring: goodsListQuery.pick({ page: true, page_size: true, sort: true }),
        response: { 200: envelope(brandPageData) },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await catalogRefs(db)).brandById.has(id)) throw notFound('品牌不存在');
      const brand = (await brandWall(db)).find((b) => b.id === id)!;
      const { page, page_size, sort } = request.query;
      const goods = await listPage(await request.viewerCtx(), { brand_id: id }, sort, page, page_size);
      return ok({ brand, goods });
    },
  );

  // Favourites: buyers only.
  await app.register(async (scope) => {
    const buyer = scope.withTypeProvider<ZodTypeProvider>();
    buyerOnly(buyer);
    buyer.get(
      '/favorite',
      { schema: { tags, summary: 'My favourites', querystring: favoriteListQuery, response: goodsPage } },
      async (request) =>
        ok(await favoriteList(await request.buyerCtx(), request.query.page, request.query.page_size)),
    );
    buyer.post(
      '/favorite',
      { schema: { tags, summary: 'Add favourites', body: favoriteBody, response: { 200: emptyBody } } },
      async (request) => {
        await addFavorites(await request.buyerCtx(), request.body.goods_ids);
        return ok(null, '收藏成功');
      },
    );
    buyer.post(
      '/favorite/cancel',
      { schema: { tags, summary: 'Cancel favourites', body: favoriteBody, response: { 200: emptyBody } } },
      async (request) => {
        await cancelFavorites(await request.buyerCtx(), request.body.goods_ids);
        return ok(null, '取消收藏成功');
      },
    );
  });
};
