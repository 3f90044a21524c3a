import {
  envelope,
  ephedrineReportRow,
  gspSalesQuery,
  idParams,
  page,
  traceCodeFlagsQuery,
  traceCodeFlagView,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CSV, fileBytes, PDF, sendFile, XLSX } from '../../lib/download';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import { adminDeliveryNote, myDeliveryNote, myTraceCodesCsv } from './documents';
import { ephedrineReport, ephedrineReportWorkbook } from './ephedrine';
import { gspSalesWorkbook, traceCodeFlagList } from './records';

/** The papers of one of the store's shipped orders: delivery note (PDF) and trace codes (CSV). */
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
