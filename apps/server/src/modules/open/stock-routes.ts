import {
  OPEN_BATCH_MAX,
  OPEN_BATCHES_PER_ITEM_MAX,
  openBatchResult,
  openData,
  openStockBody,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { batchInputs } from './batch';
import { setStock } from './stock';

/** PUT /stock: the batches each warehouse holds of each goods, as the ERP counts them. */
export const openStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/stock',
    {
      config: { openScope: 'stock' },
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags: ['stock'],
        summary: `Set the batches and stock of up to ${OPEN_BATCH_MAX} goods (per warehouse), a result per item`,
        description: [
          'Each item is `{ erp_code, warehouse_code?, batches: [{ batch_no, produced_on, expires_on, quantity }] }`',
          `(at most ${OPEN_BATCHES_PER_ITEM_MAX} batches; dates YYYY-MM-DD; \`warehouse_code\` left out: the first warehouse).`,
          'The ERP is the source of truth: the goods’ batches in that warehouse become exactly the ones sent (a batch',
          'left out is set to 0; `batches: []` empties the warehouse). The shop follows at once: its stock, and the',
          'expiry it shows (近效期 is read from the earliest-expiring batch that holds stock).',
          '',
          '**Orders already placed keep their units.** The ERP counts what stands in the warehouse, which includes',
          'units of orders placed but not yet shipped (pending payment or awaiting shipment). The sellable stock is',
          'that count less those units. A count below what such orders hold fails the item (`batches`): those units',
          'are sold; ship or cancel the orders first. Shipping then takes units from the batches, first expiry first.',
          'Items fail alone; HTTP 200 with a result per item (`unchanged` when the batches already were so).',
        ].join('\n'),
        body: openStockBody,
        response: { 200: openData(openBatchResult) },
      },
    },
    async (request) => ({ data: await setStock(request.openCtx(), batchInputs(request.body.items)) }),
  );
};
