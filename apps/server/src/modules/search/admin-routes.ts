import {
  emptyBody,
  envelope,
  idParams,
  searchStatsPage,
  searchStatsQuery,
  synonymBody,
  synonymListQuery,
  synonymPage,
  synonymView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { searchStats } from './stats';
import { deleteSynonym, listSynonyms, saveSynonym } from './synonyms';

/** Console 商品 → 搜索同义词 (search:write to change) and 搜索词统计 (search:read). */
export const searchAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const read = app.requirePermission('search:read');
  const write = app.requirePermission('search:write');
  const tags = ['admin'];
  app.get(
    '/admin/search/synonyms',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Search aliases, newest first; keyword: in the term or its names',
        querystring: synonymListQuery,
        response: { 200: envelope(synonymPage) },
      },
    },
    async (request) => ok(await listSynonyms(await request.operatorCtx(), request.query)),
  );
  app.post(
    '/admin/search/synonyms',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Add a search alias',
        body: synonymBody,
        response: { 200: envelope(synonymView) },
      },
    },
    async (request) => ok(await saveSynonym(await request.operatorCtx(), null, request.body), '已添加'),
  );
  app.post(
    '/admin/search/synonyms/:id',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Change a search alias',
        params: idParams,
        body: synonymBody,
        response: { 200: envelope(synonymView) },
      },
    },
    async (request) =>
      ok(await saveSynonym(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/search/synonyms/:id/delete',
    {
      preValidation: write,
      schema: { tags, summary: 'Delete a search alias', params: idParams, response: { 200: emptyBody } },
    },
    async (request) => {
      await deleteSynonym(await request.operatorCtx(), request.params.id);
      return ok(null, '已删除');
    },
  );
  app.get(
    '/admin/search/stats',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Searches per Beijing day and keyword (view=zero: those that found nothing)',
        querystring: searchStatsQuery,
        response: { 200: envelope(searchStatsPage) },
      },
    },
    async (request) => ok(await searchStats(await request.operatorCtx(), request.query)),
  );
};
