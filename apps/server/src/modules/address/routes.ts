import { addressBody, idParams } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { deleteAddress, listAddresses, makeDefault, saveAddress } from './service';

const params = idParams;

/** Delivery addresses of the logged-in store (/addr and the verify-order page). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  app.get('/address', { schema: { tags: ['address'], summary: 'My delivery addresses' } }, async (request) =>
    ok(await listAddresses(await request.buyerCtx())),
  );
  app.post(
    '/address',
    { schema: { tags: ['address'], summary: 'Add an address', body: addressBody } },
    async (request) => ok(await saveAddress(await request.buyerCtx(), request.body)),
  );
  app.post(
    '/address/:id/edit',
    { schema: { tags: ['address'], summary: 'Edit an address', params, body: addressBody } },
    async (request) => ok(await saveAddress(await request.buyerCtx(), request.body, request.params.id)),
  );
  app.post(
    '/address/:id/default',
    { schema: { tags: ['address'], summary: 'Make default', params } },
    async (request) => {
      await makeDefault(await request.buyerCtx(), request.params.id);
      return ok(null);
    },
  );
  app.post(
    '/address/:id/delete',
    { schema: { tags: ['address'], summary: 'Delete an address', params } },
    async (request) => {
      await deleteAddress(await request.buyerCtx(), request.params.id);
      return ok(null);
    },
  );
};
