import {
  openCompaniesQuery,
  openCompany,
  openCompanyErpCodeBody,
  openCompanyExample,
  openCompanyParams,
  openData,
  openPage,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listCompanies, setCompanyErpCode } from './companies';

/** GET /companies and PUT /companies/{id}/erp_code: the buyers, mapped to the ERP's customers. */
export const openCompanyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['companies'];
  app.get(
    '/companies',
    {
      config: { openScope: 'companies' },
      schema: {
        tags,
        summary: 'Buyer companies with their approved licences and business scope, oldest change first',
        description: [
          'Paged by the time of the last change (`updated_at`): a change of the company or of one of its licences',
          '(a review, a renewal, a correction) moves it to the end. Keep the largest `updated_at` you saw and pass it',
          'as `updated_since` next time (inclusive: a company may come again; the list is safe to apply twice).',
          'Follow `next_cursor` (opaque) until it is null; `limit` 1..100, default 100. `licences` lists the',
          'approved licences that count (type, number, valid_until: null for long-term, and the scopes they grant).',
          'Example: `GET /api/open/v1/companies?updated_since=2026-11-28T08:00:00%2B08:00&limit=100`',
        ].join('\n'),
        querystring: openCompaniesQuery,
        response: {
          200: openPage(openCompany).meta({ example: { data: [openCompanyExample], next_cursor: null } }),
        },
      },
    },
    async (request) => listCompanies(request.openCtx(), request.query),
  );
  app.put(
    '/companies/:id/erp_code',
    {
      config: { openScope: 'companies' },
      schema: {
        tags,
        summary: 'Map a buyer company to the ERP’s customer code',
        description:
          'Sets the company’s `erp_code` (unique: a code another company holds is refused 422 on `erp_code`; `null` clears it). An unknown id answers 404.',
        params: openCompanyParams,
        body: openCompanyErpCodeBody,
        response: {
          200: openData(z.object({ id: z.number().int(), erp_code: z.string().nullable() })).meta({
            example: { data: { id: 17, erp_code: 'KH0017' } },
          }),
        },
      },
    },
    async (request) => {
      const saved = await setCompanyErpCode(request.openCtx(), request.params.id, request.body.erp_code);
      return { data: { id: saved.id, erp_code: saved.erp_code } };
    },
  );
};
