import {
  adminGoodsDetail,
  envelope,
  ephedrineReportRow,
  goodsBatchParams,
  gspSalesQuery,
  idParams,
  page,
  recordId,
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
import { gspSalesWorkbook, traceCodeFlagList } from './records';
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
