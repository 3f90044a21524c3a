import { addressBody, addressView, emptyBody, envelope, idParams, savedId } from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ok } from '../../plugins/envelope';
import { buyerOnly } from '../../plugins/session';
import { deleteAddress, listAddresses, makeDefault, saveAddress } from './service';

const params = idParams;
const saved = { 200: envelope(savedId) };

/** Delivery addresses of the logged-in store (/addr and the verify-order page). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  buyerOnly(app);
  app.get(
    '/address',
    {
      schema: {
        tags: ['address'],
        summary: 'My delivery addresses',
        response: { 200: envelope(z.array(addressView)) },
      },
    },
    async (request) => ok(await listAddresses(await request.buyerCtx())),
  );
  app.post(
    '/address',
    { schema: { tags: ['address'], summary: 'Add an address', body: addressBody, response: saved } },
    async (request) => ok(await saveAddress(await request.buyerCtx(), request.body)),
  );
  app.post(
    '/address/:id/edit',
    {
      schema: {
        tags: ['address'],
        summary: 'Edit an address',
        params,
        body: addressBody,
        response: saved,
      },
    },
    async (request) => ok(await saveAddress(await request.buyerCtx(), request.body, request.params.id)),
  );
  app.post(
    '/address/:id/default',
    { schema: { tags: ['address'], summary: 'Make default', params, response: { 200: emptyBody } } },
    async (request) => {
      await makeDefault(await request.buyerCtx(), request.params.id);
      return ok(null);
    },
  );
  app.post(
    '/address/:id/delete',
    { schema: { tags: ['address'], summary: 'Delete an address', params, response: { 200: emptyBody } } },
    async (request) => {
      await deleteAddress(await request.buyerCtx(), request.params.id);
      return ok(null);
    },
  );
};
