import {
  companyDetail as companyDetailSchema,
  companyPage,
  companyQuery,
  companyServiceContactBody,
  companyStatusBody,
  envelope,
  idParams,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { operatorOnly } from '../../plugins/session';
import { assignServiceContact, companyDetail, listCompanies, setCompanyDisabled } from './buyers-admin';

/** Console buyers: find companies, read one, disable or enable it, assign its 专属客服. */
export const buyersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  operatorOnly(app);
  const tags = ['admin'];
  const read = app.requirePermission('buyers:read');
  const write = app.requirePermission('buyers:write');
  app.get(
    '/admin/companies',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'Companies by name, phone or licence number',
        querystring: companyQuery,
        response: { 200: envelope(companyPage) },
      },
    },
    async (request) => ok(await listCompanies(await request.operatorCtx(), request.query)),
  );
  app.get(
    '/admin/companies/:id',
    {
      preValidation: read,
      schema: {
        tags,
        summary: 'One company with its stores, licences and standing',
        params: idParams,
        response: { 200: envelope(companyDetailSchema) },
      },
    },
    async (request) => ok(await companyDetail(await request.operatorCtx(), request.params.id)),
  );
  app.post(
    '/admin/companies/:id/status',
    {
      preValidation: write,
      schema: {
        tags,
        summary: 'Disable or enable a company',
        params: idParams,
        body: companyStatusBody,
        response: { 200: envelope(companyDetailSchema) },
      },
    },
    async (request) => {
      const { disabled, reason } = request.body;
      const detail = await setCompanyDisabled(
        await request.operatorCtx(),
        request.params.id,
        disabled,
        reason,
      );
      return ok(detail, disabled ? '已停用：该企业所有门店即时失去价格、加购和下单' : '已启用');
    },
  );
  app.post(
    '/admin/companies/:id/service-contact',
    {
      preValidation: write,
      schema: {
        tags,
        summary: "Assign the company's customer-service contact",
        params: idParams,
        body: companyServiceContactBody,
        response: { 200: envelope(companyDetailSchema) },
      },
    },
    async (request) =>
      ok(
        await assignServiceContact(
          await request.operatorCtx(),
          request.params.id,
          request.body.service_contact_id,
        ),
        '已分配专属客服',
      ),
  );
};
