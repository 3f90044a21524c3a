import {
  type FieldErrors,
  openErrorBody,
  openOrderAck,
  openOrderNoParams,
  openOrderPage,
  openOrdersQuery,
  openShipmentBody,
  openShipmentResult,
} from '@yaocai/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, fieldError, validationError } from '../../lib/errors';
import { fastSerialized } from '../../plugins/serializer';
import { shipOrder } from '../order/after-sales';
import { ackOrder, erpOrderPage, type FeedPosition, orderIdByNo, shipmentContents } from '../order/erp-feed';
import { sendShippedSms } from '../order/ship-notice';
import { OpenError, type OpenV1Options, openKeyOf } from './request';

// GET /orders (the ERP's feed), POST /orders/{order_no}/ack and POST /orders/{order_no}/shipments:
// thin routes over the order module's services, called with the key's context so the audit
// rows name the key.

/** The cursor: base64url of `<updated_at to the microsecond>|<id>` of a page's last order. */
const encodeCursor = (p: FeedPosition) => Buffer.from(`${p.at}|${p.id}`).toString('base64url');
function decodeCursor(cursor: string): FeedPosition {
  const [at, id, ...rest] = Buffer.from(cursor, 'base64url').toString('utf8').split('|');
  const ok =
    rest.length === 0 &&
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at ?? '') &&
    !Number.isNaN(Date.parse(at ?? '')) &&
    /^\d{1,10}$/.test(id ?? '') &&
    Number(id) <= 2_147_483_647;
  if (!ok) throw fieldError('cursor', 'cursor 无效，请使用上一页返回的 next_cursor');
  return { at: at as string, id: Number(id) };
}

const feedDescription = [
  'Orders of every buyer, oldest change first, in pages of `limit` (1 to 100, default 100).',
  'Pass the answer’s `next_cursor` as `cursor` for the next page; it is `null` on the last page.',
  '',
  '**What the cursor guarantees.** Orders are ordered by (`updated_at`, id), and `updated_at` moves on every change of',
  'status, payment or invoice request. A cursor names the last order it returned: the next page starts after it, so no',
  'order is listed twice while unchanged and none is skipped. An order that changes after you read it moves to the',
  'end and is listed again later (compare `updated_at` with what you stored). An order is listed once its last change',
  'is a moment old (`OPEN_ORDERS_SETTLE_MS`, 2 s by default), so a change still being saved is never passed unseen.',
  'Keep the last `next_cursor` (or the last `updated_at` as `updated_since`) and poll with it: an empty page with a',
  'cursor you keep is normal. Acknowledging an order does not move it.',
  '',
  'Money is yuan (2 decimals); instants are ISO-8601 with offset.',
].join('\n');

/** Field names of the shipping service (trace_codes.<j>.codes, batches.<j>.batches) as this API's (lines.<i>.…). */
function renameFields(errors: FieldErrors, codeLines: number[], batchLines: number[]): FieldErrors {
  const renamed: FieldErrors = {};
  for (const [field, messages] of Object.entries(errors)) {
    const [head, index, tail] = field.split('.');
    let name = field;
    if (head === 'trace_codes') {
      const line = index === undefined ? undefined : codeLines[Number(index)];
      name = line === undefined ? 'lines' : `lines.${line}.trace_codes`;
    } else if (head === 'batches') {
      const line = index === undefined ? undefined : batchLines[Number(index)];
      name = line === undefined ? 'lines' : `lines.${line}.${tail === 'line_id' ? 'line_id' : 'batches'}`;
    }
    renamed[name] = [...(renamed[name] ?? []), ...messages];
  }
  return renamed;
}

export const openOrderRoutes: FastifyPluginAsyncZod<OpenV1Options> = async (app, options) => {
  app.get(
    '/orders',
    {
      config: { openScope: 'orders' },
      schema: {
        tags: ['orders'],
        summary: 'New and changed orders, with lines, buyer, address, invoice request and payments',
        description: feedDescription,
        querystring: openOrdersQuery,
        // A page is up to 100 orders (about 150 KB): written by a compiled writer (plugins/serializer.ts).
        response: { 200: fastSerialized(openOrderPage) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await erpOrderPage(app.db, {
        status: q.status,
        updatedSince: q.updated_since,
        after: q.cursor ? decodeCursor(q.cursor) : undefined,
        limit: q.limit,
        // updated_at is written from each process's wall clock (order transitions), so the
        // settling window is measured on it too, not on the app's clock.
        settledBefore: new Date(Date.now() - options.ordersSettleMs),
      });
      return { data: page.orders, next_cursor: page.next ? encodeCursor(page.next) : null };
    },
  );

  app.post(
    '/orders/:order_no/ack',
    {
      config: { openScope: 'orders' },
      schema: {
        tags: ['orders'],
        summary: 'Acknowledge an order: the ERP took it',
        description:
          'Records when the ERP took the order and with which key (audited). Idempotent: a second ack answers the first one’s `acked_at`. No body (or `{}`). An unknown order number is 404.',
        params: openOrderNoParams,
        response: { 200: openOrderAck, 404: openErrorBody },
      },
    },
    async (request) => {
      const key = openKeyOf(request);
      return { data: await ackOrder(request.openCtx(), request.params.order_no, key.id) };
    },
  );

  app.post(
    '/orders/:order_no/shipments',
    {
      config: { openScope: 'shipments' },
      schema: {
        tags: ['shipments'],
        summary: 'Ship an order from the ERP: carrier, tracking number, batches and trace codes',
        description: [
          'The console’s shipping, called by the ERP: the whole order ships at once (the console ships no part of an',
          'order), from in-date stock, first expiry first out. `lines` is optional: name a line’s `batches` to check them',
          '(they must be the batches the rule takes, else 422 says which) and its `trace_codes` (one per pack, required',
          'for drugs when the site asks for them). Refusals: 422 with `fields` (`lines.<i>.trace_codes`,',
          '`lines.<i>.batches`, `tracking_no`…), 409 `conflict` when the order cannot ship now (not paid, already',
          'shipped, an ephedrine receipt not accepted, the buyer’s account disabled, too little in-date stock), 404 for an',
          'unknown order number. Send an `Idempotency-Key` to retry safely: the same key replays the first answer.',
          'The buyer gets the 已发货 message and SMS.',
        ].join('\n'),
        params: openOrderNoParams,
        body: openShipmentBody,
        response: { 201: openShipmentResult, 404: openErrorBody, 409: openErrorBody },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const orderId = await orderIdByNo(app.db, request.params.order_no);
      const lines = body.lines ?? [];
      const codeLines: number[] = [];
      const codes = lines.flatMap((line, i) => {
        if (!line.trace_codes) return [];
        codeLines.push(i);
        return [{ line_id: line.line_id, codes: line.trace_codes.join('\n') }];
      });
      const batches = lines.map((line) => ({ line_id: line.line_id, batches: line.batches }));
      const batchLines = lines.map((_, i) => i);
      let shipped: { shipment_id: number };
      try {
        shipped = await shipOrder(request.openCtx(), orderId, body.carrier, body.tracking_no, codes, batches);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const errors = (error.data as { errors?: FieldErrors } | null)?.errors;
        if (error.statusCode === 422 && errors)
          throw validationError(renameFields(errors, codeLines, batchLines), error.message);
        // The console answers a business refusal (wrong state, receipt, disabled buyer) 400.
        if (error.statusCode === 400 || error.statusCode === 409)
          throw new OpenError(409, 'conflict', error.message);
        throw error;
      }
      await sendShippedSms(app, request.log, orderId, body.carrier, body.tracking_no);
      reply.status(201);
      return {
        data: {
          shipment_id: shipped.shipment_id,
          order_no: request.params.order_no,
          status: 'shipped' as const,
          lines: await shipmentContents(app.db, orderId),
        },
      };
    },
  );
};
