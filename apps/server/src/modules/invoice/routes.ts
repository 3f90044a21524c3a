import {
  adminInvoicePage,
  adminInvoiceQuery,
  envelope,
  idParams,
  invoiceableOrder,
  invoiceIdParams,
  invoicePage,
  invoiceQuery,
  invoiceRejectBody,
  invoiceRequestBody,
  invoiceView,
} from '@yaocai/domain';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { fileBytes, PDF, sendFile } from '../../lib/download';
import { ok } from '../../plugins/envelope';
import { buyerOnly, operatorOnly } from '../../plugins/session';
import { issueInvoice, refreshInvoice, rejectInvoice } from './issue';
import { nuonuoProvider } from './nuonuo';
import { demoInvoiceProvider, type InvoiceProvider } from './provider';
import {
  adminInvoicePdf,
  invoiceableOrders,
  invoiceInbox,
  myInvoicePdf,
  myInvoices,
  requestInvoice,
} from './service';

/**
 * The configured e-invoice provider. The demo (a drawn PDF, no tax document) is refused under
 * NODE_ENV=production unless ALLOW_DEMO_INVOICE=1.
 */
export function invoiceProviderFor(config: Pick<AppConfig, 'invoice' | 'production'>): InvoiceProvider {
  if (config.invoice.provider === 'nuonuo') return nuonuoProvider(config.invoice.nuonuo);
  if (config.production && !config.invoice.allowedInProduction)
    throw new Error(
      'INVOICE_PROVIDER=demo under NODE_ENV=production: the demo draws invoices that are no tax documents. ' +
        'Configure INVOICE_PROVIDER=nuonuo (NUONUO_APP_KEY, NUONUO_APP_SECRET, NUONUO_TOKEN, NUONUO_TAX_NUM), ' +
        'or ALLOW_DEMO_INVOICE=1 for a public demo.',
    );
  return demoInvoiceProvider;
}

const sendPdf = (reply: FastifyReply, file: { bytes: Buffer; name: string }) => sendFile(reply, PDF, file);

/** The store's e-invoices (电子发票 /dzfp): list, ask for or correct one, download the PDF. */
export const invoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  const tags = ['account'];
  app.get(
    '/user/invoices',
    {
      schema: {
        tags,
        summary: 'My invoices',
        querystring: invoiceQuery,
        response: { 200: envelope(invoicePage) },
      },
    },
    async (request) => ok(await myInvoices(await request.buyerCtx(), request.query)),
  );
  app.get(
    '/user/invoices/orders',
    {
      schema: {
        tags,
        summary: 'Paid orders without an invoice',
        response: { 200: envelope(z.array(invoiceableOrder)) },
      },
    },
    async (request) => ok(await invoiceableOrders(await request.buyerCtx())),
  );
  app.post(
    '/user/invoices',
    {
      schema: {
        tags,
        summary: 'Ask for (or correct) the invoice of an order',
        body: invoiceRequestBody,
        response: { 200: envelope(invoiceView) },
      },
    },
    async (request) => ok(await requestInvoice(await request.buyerCtx(), request.body), '开票申请已提交'),
  );
  app.get(
    '/user/invoices/:id/pdf',
    {
      schema: {
        tags,
        summary: 'An issued invoice as PDF',
        params: invoiceIdParams,
        produces: [PDF],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) => sendPdf(reply, await myInvoicePdf(await request.buyerCtx(), request.params.id)),
  );
};

/** Finance's invoices (发票管理, invoices:write): list, issue, ask for the result, send back, download. */
export const invoiceAdminRoutes: FastifyPluginAsyncZod<{ provider: InvoiceProvider }> = async (
  app,
  { provider },
) => {
  operatorOnly(app);
  const guard = app.requirePermission('invoices:write');
  const tags = ['admin'];
  app.get(
    '/admin/invoices',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Invoices',
        querystring: adminInvoiceQuery,
        response: { 200: envelope(adminInvoicePage) },
      },
    },
    async (request) => ok(await invoiceInbox(await request.operatorCtx(), request.query)),
  );
  app.post(
    '/admin/invoices/:id/issue',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Issue an invoice',
        params: idParams,
        response: { 200: envelope(invoiceView) },
      },
    },
    async (request) => {
      const issued = await issueInvoice(await request.operatorCtx(), request.params.id, provider);
      const message =
        issued.state === 'issued'
          ? '发票已开具'
          : issued.state === 'issuing'
            ? '已提交开票平台，开具中'
            : `开票平台未能开具：${issued.hint}`;
      return ok(issued, message);
    },
  );
  app.post(
    '/admin/invoices/:id/refresh',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Ask the e-invoice provider for the result of an invoice it is issuing',
        params: idParams,
        response: { 200: envelope(invoiceView) },
      },
    },
    async (request) => ok(await refreshInvoice(await request.operatorCtx(), request.params.id, provider)),
  );
  app.post(
    '/admin/invoices/:id/reject',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'Send an invoice request back with a reason',
        params: idParams,
        body: invoiceRejectBody,
        response: { 200: envelope(invoiceView) },
      },
    },
    async (request) =>
      ok(await rejectInvoice(await request.operatorCtx(), request.params.id, request.body.reason), '已退回'),
  );
  app.get(
    '/admin/invoices/:id/pdf',
    {
      preValidation: guard,
      schema: {
        tags,
        summary: 'An issued invoice as PDF',
        params: idParams,
        produces: [PDF],
        response: { 200: fileBytes },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await adminInvoicePdf(await request.operatorCtx(), request.params.id)),
  );
};
