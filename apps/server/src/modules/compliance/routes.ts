import {
  adminGoodsDetail,
  companyFirstDocumentQuery,
  envelope,
  ephedrineReportRow,
  firstDocumentsQuery,
  firstDocumentView,
  goodsBatchParams,
  goodsFirstDocumentQuery,
  gspSalesQuery,
  idParams,
  page,
  recordId,
  stockMismatchView,
  traceCodeFlagsQuery,
  traceCodeFlagView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV, fileBytes, PDF, sendFile, XLSX } from '../../lib/download';
import { uploadedFile } from '../../lib/upload';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import { getAdminGoods } from '../catalog/admin-goods';
import { adminDeliveryNote, myDeliveryNote, myTraceCodesCsv } from './documents';
import { ephedrineReport, ephedrineReportWorkbook } from './ephedrine';
import {
  firstDocumentFile,
  firstDocumentList,
  orderFirstDocuments,
  storeFirstDocument,
} from './first-documents';
import { gspSalesWorkbook, stockMismatchList, traceCodeFlagList } from './records';
import { adminInspectionReport, myInspectionReport, nextBatchReport, storeInspectionReport } from './reports';

/** A batch of one of the store's orders. */
const orderBatchParams = z.object({ id: recordId(), batchId: recordId() });

/** The papers of one of the store's shipped orders: delivery note (PDF), 药检报告 and trace codes (CSV). */
export const complianceRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  app.get(
    '/order/:id/delivery-note',
    {
      schema: {
        tags: ['order'],
        summary: 'The 随货同行单 (delivery note) of a shipped order, as PDF',
        params: idParams,
        produces: [PDF],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendFile(reply, PDF, await myDeliveryNote(await request.buyerCtx(), request.params.id)),
  );
  app.get(
    '/order/:id/inspection-reports/:batchId',
    {
      schema: {
        tags: ['order'],
        summary: 'The 药检报告 of a batch the order shipped from (PDF or picture)',
        params: orderBatchParams,
        produces: [PDF, 'image/jpeg', 'image/png'],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => {
      const file = await myInspectionReport(
        await request.buyerCtx(),
        app.storage,
        request.params.id,
        request.params.batchId,
      );
      return sendFile(reply, file.mime, file);
    },
  );
  app.get(
    '/goods/:id/inspection-report',
    {
      schema: {
        tags: ['goods'],
        summary: 'The 药检报告 of the batch of a goods that ships next (logged-in buyers)',
        params: idParams,
        produces: [PDF, 'image/jpeg', 'image/png'],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => {
      const file = await nextBatchReport(await request.buyerCtx(), app.storage, request.params.id);
      return sendFile(reply, file.mime, file);
    },
  );
  app.get(
    '/first-documents',
    {
      schema: {
        tags: ['goods'],
        summary: '首营资料: the company papers, and a goods’ or an order’s goods’ (logged-in buyers)',
        querystring: firstDocumentsQuery,
        response: { 200: envelope(z.array(firstDocumentView)) },
      },
    },
    async (request) => {
      const ctx = await request.buyerCtx();
      return ok(
        request.query.order_id
          ? await orderFirstDocuments(ctx, request.query.order_id)
          : await firstDocumentList(ctx.db, request.query.goods_id),
      );
    },
  );
  app.get(
    '/first-documents/:id',
    {
      schema: {
        tags: ['goods'],
        summary: 'One 首营资料 file',
        params: idParams,
        produces: [PDF, 'image/jpeg', 'image/png'],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => {
      const file = await firstDocumentFile(await request.buyerCtx(), app.storage, request.params.id);
      return sendFile(reply, file.mime, file);
    },
  );
  app.get(
    '/order/:id/trace-codes',
    {
      schema: {
        tags: ['order'],
        summary: 'The trace codes (药品追溯码) of a shipped order, as CSV',
        params: idParams,
        produces: [CSV],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendFile(reply, CSV, await myTraceCodesCsv(await request.buyerCtx(), request.params.id)),
  );
};

export const complianceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  app.get(
    '/admin/gsp/sales',
    {
      preValidation: app.requirePermission('orders:read'),
      schema: {
        tags: ['admin'],
        summary: 'The GSP sales record of the goods shipped between two Beijing dates, as .xlsx',
        querystring: gspSalesQuery,
        produces: [XLSX],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendFile(reply, XLSX, await gspSalesWorkbook(await request.operatorCtx(), request.query)),
  );
  app.post(
    '/admin/goods/:id/batches/:batchId/report',
    {
      preValidation: app.requirePermission('batches:write'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Upload the 药检报告 of a batch (PDF, JPG or PNG, up to 10 MB)',
        params: goodsBatchParams,
        response: { 200: envelope(adminGoodsDetail) },
      },
    },
    async (request) => {
      const ctx = await request.operatorCtx();
      const { bytes } = await uploadedFile(request);
      await storeInspectionReport(ctx, app.storage, request.params.id, request.params.batchId, bytes);
      return ok(await getAdminGoods(ctx, request.params.id), '药检报告已上传');
    },
  );
  app.get(
    '/admin/goods/:id/batches/:batchId/report',
    {
      preValidation: app.requirePermission('goods:read'),
      schema: {
        tags: ['admin'],
        summary: 'The latest 药检报告 of a batch',
        params: goodsBatchParams,
        produces: [PDF, 'image/jpeg', 'image/png'],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => {
      const file = await adminInspectionReport(
        await request.operatorCtx(),
        app.storage,
        request.params.id,
        request.params.batchId,
      );
      return sendFile(reply, file.mime, file);
    },
  );
  app.post(
    '/admin/goods/:id/first-documents',
    {
      preValidation: app.requirePermission('batches:write'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Upload one of a goods’ 首营资料 (PDF, JPG or PNG, up to 10 MB)',
        params: idParams,
        querystring: goodsFirstDocumentQuery,
        response: { 200: envelope(z.array(firstDocumentView)) },
      },
    },
    async (request) => {
      const ctx = await request.operatorCtx();
      const { bytes } = await uploadedFile(request);
      const target = { scope: 'goods' as const, goodsId: request.params.id, name: request.query.name };
      return ok(await storeFirstDocument(ctx, app.storage, target, bytes), '首营资料已上传');
    },
  );
  app.post(
    '/admin/first-documents',
    {
      preValidation: app.requirePermission('batches:write'),
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: 'Upload one of the platform company’s 首营资料',
        querystring: companyFirstDocumentQuery,
        response: { 200: envelope(z.array(firstDocumentView)) },
      },
    },
    async (request) => {
      const ctx = await request.operatorCtx();
      const { bytes } = await uploadedFile(request);
      const target = { scope: 'company' as const, goodsId: null, name: request.query.name };
      return ok(await storeFirstDocument(ctx, app.storage, target, bytes), '首营资料已上传');
    },
  );
  app.get(
    '/admin/first-documents',
    {
      preValidation: app.requirePermission('goods:read'),
      schema: {
        tags: ['admin'],
        summary: '首营资料: the company papers, and a goods’ when named',
        querystring: firstDocumentsQuery,
        response: { 200: envelope(z.array(firstDocumentView)) },
      },
    },
    async (request) => ok(await firstDocumentList((await request.operatorCtx()).db, request.query.goods_id)),
  );
  app.get(
    '/admin/first-documents/:id',
    {
      preValidation: app.requirePermission('goods:read'),
      schema: {
        tags: ['admin'],
        summary: 'One 首营资料 file',
        params: idParams,
        produces: [PDF, 'image/jpeg', 'image/png'],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => {
      const file = await firstDocumentFile(await request.operatorCtx(), app.storage, request.params.id);
      return sendFile(reply, file.mime, file);
    },
  );
  app.get(
    '/admin/ephedrine/report',
    {
      preValidation: app.requirePermission('orders:read'),
      schema: {
        tags: ['admin'],
        summary: '含麻 sales per buyer company between two Beijing dates',
        querystring: gspSalesQuery,
        response: { 200: envelope(z.array(ephedrineReportRow)) },
      },
    },
    async (request) => ok(await ephedrineReport(await request.operatorCtx(), request.query)),
  );
  app.get(
    '/admin/ephedrine/export',
    {
      preValidation: app.requirePermission('orders:read'),
      schema: {
        tags: ['admin'],
        summary: '含麻 sales per buyer company between two Beijing dates, as .xlsx',
        querystring: gspSalesQuery,
        produces: [XLSX],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendFile(reply, XLSX, await ephedrineReportWorkbook(await request.operatorCtx(), request.query)),
  );
  app.get(
    '/admin/trace-code-flags',
    {
      preValidation: app.requirePermission('orders:read'),
      schema: {
        tags: ['admin'],
        summary: 'Trace codes offered again after they had shipped (newest first)',
        querystring: traceCodeFlagsQuery,
        response: { 200: envelope(page(traceCodeFlagView)) },
      },
    },
    async (request) =>
      ok(await traceCodeFlagList(await request.operatorCtx(), request.query.page, request.query.page_size)),
  );
  app.get(
    '/admin/stock-check',
    {
      preValidation: app.requirePermission('goods:read'),
      schema: {
        tags: ['admin'],
        summary:
          'Goods whose stock in a warehouse disagrees with its batches (stock + units held by unshipped orders != batch total)',
        response: { 200: envelope(z.array(stockMismatchView)) },
      },
    },
    async (request) => ok(await stockMismatchList(await request.operatorCtx())),
  );
  app.get(
    '/admin/orders/:id/delivery-note',
    {
      preValidation: app.requirePermission('orders:read'),
      schema: {
        tags: ['admin'],
        summary: 'The 随货同行单 (delivery note) of a shipped order, as PDF',
        params: idParams,
        produces: [PDF],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendFile(reply, PDF, await adminDeliveryNote(await request.operatorCtx(), request.params.id)),
  );
};
