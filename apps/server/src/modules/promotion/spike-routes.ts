import {
  adminSpikeSaleList,
  emptyBody,
  envelope,
  idParams,
  recordId,
  spikeGoodsBody,
  spikeIndexData,
  spikeSaleBody,
  spikeSlotBody,
  spikeStatusBody,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import {
  createSpikeSale,
  listSpikeSales,
  removeSpikeGoods,
  saveSpikeGoods,
  saveSpikeSlot,
  setSpikeStatus,
  updateSpikeSale,
} from './spike-admin';
import { spikeIndex } from './spike-index';

/** GET /api/index/spike: the home floor's and the detail page's flash sale slots. */
export const spikeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/index/spike',
    {
      schema: {
        tags: ['promotion'],
        summary: 'Flash sale: running and upcoming slots with their goods and the server timestamp',
        response: { 200: envelope(spikeIndexData) },
      },
    },
    async (request) => ok(await spikeIndex(await request.viewerCtx())),
  );
};

const saved = envelope(z.object({ id: z.number().int() }));
const slotParams = z.object({ id: recordId(), slot: recordId() });
const slotGoodsParams = z.object({ slot: recordId(), goods: recordId() });

/** Console flash sales (营销活动: promotions:write). */
export const spikeAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const preValidation = app.requirePermission('promotions:write');
  const tags = ['admin'];
  app.get(
    '/admin/spike',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Flash sales with slots, goods and sales',
        response: { 200: envelope(adminSpikeSaleList) },
      },
    },
    async (request) => ok(await listSpikeSales(await request.operatorCtx())),
  );
  app.post(
    '/admin/spike',
    {
      preValidation,
      schema: { tags, summary: 'Create a flash sale', body: spikeSaleBody, response: { 200: saved } },
    },
    async (request) => ok(await createSpikeSale(await request.operatorCtx(), request.body), '已创建'),
  );
  app.post(
    '/admin/spike/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Rename a flash sale',
        params: idParams,
        body: spikeSaleBody,
        response: { 200: saved },
      },
    },
    async (request) =>
      ok(await updateSpikeSale(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/spike/:id/status',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Schedule, pause or end a flash sale',
        params: idParams,
        body: spikeStatusBody,
        response: { 200: envelope(z.object({ id: z.number().int(), status: z.string() })) },
      },
    },
    async (request) =>
      ok(await setSpikeStatus(await request.operatorCtx(), request.params.id, request.body.action), '已更新'),
  );
  app.post(
    '/admin/spike/:id/slots',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Add a slot',
        params: idParams,
        body: spikeSlotBody,
        response: { 200: saved },
      },
    },
    async (request) =>
      ok(await saveSpikeSlot(await request.operatorCtx(), request.params.id, null, request.body), '已添加'),
  );
  app.post(
    '/admin/spike/:id/slots/:slot',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Move a slot',
        params: slotParams,
        body: spikeSlotBody,
        response: { 200: saved },
      },
    },
    async (request) =>
      ok(
        await saveSpikeSlot(
          await request.operatorCtx(),
          request.params.id,
          request.params.slot,
          request.body,
        ),
        '已保存',
      ),
  );
  app.post(
    '/admin/spike/slots/:slot/goods',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Add a goods to a slot',
        params: z.object({ slot: recordId() }),
        body: spikeGoodsBody,
        response: { 200: saved },
      },
    },
    async (request) =>
      ok(
        await saveSpikeGoods(await request.operatorCtx(), request.params.slot, null, request.body),
        '已添加',
      ),
  );
  app.post(
    '/admin/spike/slots/:slot/goods/:goods',
    {
      preValidation,
      schema: {
        tags,
        summary: "Edit a slot goods' price, stock, limit",
        params: slotGoodsParams,
        body: spikeGoodsBody,
        response: { 200: saved },
      },
    },
    async (request) =>
      ok(
        await saveSpikeGoods(
          await request.operatorCtx(),
          request.params.slot,
          request.params.goods,
          request.body,
        ),
        '已保存',
      ),
  );
  app.post(
    '/admin/spike/slots/:slot/goods/:goods/delete',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Remove a goods from a slot',
        params: slotGoodsParams,
        response: { 200: emptyBody },
      },
    },
    async (request) => {
      await removeSpikeGoods(await request.operatorCtx(), request.params.slot, request.params.goods);
      return ok(null, '已移除');
    },
  );
};
