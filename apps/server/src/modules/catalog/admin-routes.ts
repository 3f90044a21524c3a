import {
  adminGoodsDetail,
  adminGoodsPage,
  adminGoodsQuery,
  envelope,
  goodsBatchBody,
  goodsBatchParams,
  goodsBatchQuantityBody,
  goodsEditBody,
  goodsEditorOptions as goodsEditorOptionsSchema,
  goodsImageView,
  goodsImportReport,
  goodsSaleBody,
  idParams,
  warehouseBody,
  warehouseView,
} from '@yaocai/domain';
import { GOODS_IMAGE_WIDTHS, type GoodsImageWidth } from '@yaocai/domain/catalog/image-widths';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fileBytes, sendFile, XLSX } from '../../lib/download';
import { uploadedFile } from '../../lib/upload';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { createGoods, getAdminGoods, goodsEditorOptions, setGoodsOnSale, updateGoods } from './admin-goods';
import { listAdminGoods } from './admin-goods-list';
import { addBatch, setBatchQuantity } from './batches';
import { readGoodsImage, storeGoodsImage } from './goods-images';
import { exportGoods, goodsImportTemplate, importGoods } from './goods-xlsx';
import { addWarehouse } from './warehouses';

const uploadLimit = { rateLimit: { max: 30, timeWindow: '1 minute' } };

const sendXlsx = (reply: FastifyReply, name: string, bytes: Buffer) => sendFile(reply, XLSX, { bytes, name });

const uploadedBytes = async (request: FastifyRequest) => (await uploadedFile(request)).bytes;

/** Console goods: list, editor, sale state, batches, pictures, .xlsx import and export. */
export const catalogAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const tags = ['admin'];
  const read = app.requirePermission('goods:read');
  const write = app.requirePermission('goods:write');

  app.get(
    '/admin/goods',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Goods list',
        querystring: adminGoodsQuery,
        response: { 200: envelope(adminGoodsPage) },
      },
    },
    async (request) => ok(await listAdminGoods(await request.operatorCtx(), request.query)),
  );
  app.get(
    '/admin/goods/options',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Categories, brands and warehouses for the editor',
        response: { 200: envelope(goodsEditorOptionsSchema) },
      },
    },
    async (request) => ok(await goodsEditorOptions(await request.operatorCtx())),
  );
  app.get(
    '/admin/goods/export',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'The filtered list as .xlsx',
        querystring: adminGoodsQuery,
        produces: [XLSX],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendXlsx(reply, '商品导出.xlsx', await exportGoods(await request.operatorCtx(), request.query)),
  );
  app.get(
    '/admin/goods/import-template',
    {
      preValidation: read,
      schema: { tags, summary: 'Import template (.xlsx)', produces: [XLSX], response: { 200: fileBytes } },
    },
    async (request, reply) =>
      sendXlsx(reply, '商品导入模板.xlsx', await goodsImportTemplate(await request.operatorCtx())),
  );
  app.post(
    '/admin/goods/import',
    {
      preValidation: write,
      config: uploadLimit,
      schema: {
        tags,
        summary: 'Import goods from .xlsx, all or nothing',
        response: { 200: envelope(goodsImportReport) },
      },
    },
    async (request) => {
      const report = await importGoods(await request.operatorCtx(), await uploadedBytes(request));
      return ok(report, `导入成功：新建${report.created}个，修改${report.updated}个`);
    },
  );
  app.post(
    '/admin/goods/images',
    {
      preValidation: write,
      config: uploadLimit,
      schema: { tags, summary: 'Upload a goods picture', response: { 200: envelope(goodsImageView) } },
    },
    async (request) =>
      ok(await storeGoodsImage(await request.operatorCtx(), app.storage, await uploadedBytes(request))),
  );
  app.get(
    '/admin/goods/:id',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'One goods for the editor',
        params: idParams,
        response: { 200: envelope(adminGoodsDetail) },
      },
    },
    async (request) => ok(await getAdminGoods(await request.operatorCtx(), request.params.id)),
  );
  app.post(
    '/admin/goods',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Create a goods (off sale until put on sale)',
        body: goodsEditBody,
        response: { 200: envelope(adminGoodsDetail) },
      },
    },
    async (request) => ok(await createGoods(await request.operatorCtx(), request.body), '商品已创建'),
  );
  app.post(
    '/admin/goods/:id',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Edit a goods',
        params: idParams,
        body: goodsEditBody,
        response: { 200: envelope(adminGoodsDetail) },
      },
    },
    async (request) =>
      ok(await updateGoods(await request.operatorCtx(), request.params.id, request.body), '已保存'),
  );
  app.post(
    '/admin/goods/:id/sale',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Put on or take off sale',
        params: idParams,
        body: goodsSaleBody,
        response: { 200: envelope(adminGoodsDetail) },
      },
    },
    async (request) => {
      const detail = await setGoodsOnSale(
        await request.operatorCtx(),
        request.params.id,
        request.body.on_sale,
      );
      return ok(detail, request.body.on_sale ? '已上架' : '已下架');
    },
  );
  app.post(
    '/admin/warehouses',
    {
      preValidation: app.requirePermission('batches:write'),
      schema: {
        tags,
        summary: 'Add a warehouse batches are received into',
        body: warehouseBody,
        response: { 200: envelope(warehouseView) },
      },
    },
    async (request) => ok(await addWarehouse(await request.operatorCtx(), request.body), '仓库已添加'),
  );
  app.post(
    '/admin/goods/:id/batches',
    {
      preValidation: app.requirePermission('batches:write'),
      schema: {
        tags,
        summary: 'Receive a batch',
        params: idParams,
        body: goodsBatchBody,
        response: { 200: envelope(adminGoodsDetail) },
      },
    },
    async (request) =>
      ok(await addBatch(await request.operatorCtx(), request.params.id, request.body), '批号已添加'),
  );
  app.post(
    '/admin/goods/:id/batches/:batchId',
    {
      preValidation: app.requirePermission('stock:write'),
      schema: {
        tags,
        summary: "Correct a batch's quantity",
        params: goodsBatchParams,
        body: goodsBatchQuantityBody,
        response: { 200: envelope(adminGoodsDetail) },
      },
    },
    async (request) =>
      ok(
        await setBatchQuantity(
          await request.operatorCtx(),
          request.params.id,
          request.params.batchId,
          request.body.quantity,
        ),
        '库存已调整',
      ),
  );
};

const goodsImageQuery = z.object({
  w: z
    .enum(GOODS_IMAGE_WIDTHS.map(String) as [string, ...string[]], {
      error: `图片宽度只能是${GOODS_IMAGE_WIDTHS.join('、')}`,
    })
    .optional(),
});

/** Public goods pictures: /media/goods-images/{id}, ?w=240|480|750 for a narrower variant. */
export const goodsImageRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { id: string }; Querystring: { w?: string } }>(
    '/media/goods-images/:id',
    {
      schema: {
        tags: ['media'],
        summary: 'A goods picture uploaded in the console (w: a width variant, never enlarged)',
        querystring: goodsImageQuery,
        produces: ['image/jpeg', 'image/png', 'image/webp'],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => {
      const id = /^\d{1,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const width = request.query.w ? (Number(request.query.w) as GoodsImageWidth) : undefined;
      const image = id ? await readGoodsImage(app.db, app.storage, id, width) : undefined;
      if (!image) return reply.status(404).type('text/plain; charset=utf-8').send('图片不存在');
      return reply
        .type(image.mime)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.bytes as never);
    },
  );
};
