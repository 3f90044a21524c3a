#!/usr/bin/env node
// Pulls new and changed orders into a CSV (one row per order line) and acknowledges each new one.
//
//   node pull-orders.mjs [--out orders.csv] [--state erp-sync-state.json] [--status awaiting_shipment] [--no-ack]
//
// Where it got to is kept in the state file: the next run starts there. Mid-run it follows the
// API's next_cursor; at the end (next_cursor null) it keeps the last updated_at it saw and the
// orders seen at that instant, and starts the next run from `updated_since` = that instant
// (skipping those orders unless they changed again).

import { appendFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createClient, csvLine, parseArgs } from './lib.mjs';

const { options } = parseArgs();
const out = options.out ?? 'orders.csv';
const statePath = options.state ?? 'erp-sync-state.json';
const ack = !options['no-ack'];
const api = createClient({ log: (line) => console.error(line) });

const state = existsSync(statePath)
  ? JSON.parse(readFileSync(statePath, 'utf8'))
  : { updated_since: null, seen_at_last: [] };
const saveState = () => writeFileSync(statePath, `${JSON.stringify(state, null, 2)}\n`);

const header = [
  'order_no',
  'status',
  'status_label',
  'updated_at',
  'company_id',
  'company_name',
  'store_id',
  'consignee',
  'phone',
  'address',
  'invoice_type',
  'invoice_title',
  'invoice_tax_no',
  'line_id',
  'goods_id',
  'goods_name',
  'spec',
  'manufacturer',
  'unit',
  'quantity',
  'unit_price',
  'discount',
  'payable',
  'order_total',
  'paid',
  'payment_channels',
];
if (!existsSync(out)) writeFileSync(out, `\uFEFF${csvLine(header)}`);

let cursor = state.cursor ?? null;
let pulled = 0;
let acked = 0;
for (;;) {
  const page = await api.get('/orders', {
    cursor,
    updated_since: cursor ? undefined : (state.updated_since ?? undefined),
    status: options.status,
    limit: 100,
  });
  for (const order of page.data) {
    const key = `${order.order_no}@${order.updated_at}`;
    if (order.updated_at === state.updated_since && state.seen_at_last.includes(key)) continue;
    const a = order.address;
    const rows = order.lines.map((line) => [
      order.order_no,
      order.status,
      order.status_label,
      order.updated_at,
      order.buyer.company_id,
      order.buyer.company_name,
      order.buyer.store_id,
      a.consignee,
      a.phone,
      `${a.province}${a.city}${a.district}${a.detail}`,
      order.invoice?.type ?? '',
      order.invoice?.title ?? '',
      order.invoice?.tax_no ?? '',
      line.line_id,
      line.goods_id,
      line.goods_name,
      line.spec,
      line.manufacturer,
      line.unit,
      line.quantity,
      line.unit_price,
      line.discount,
      line.payable,
      order.amounts.total,
      order.amounts.paid,
      order.payments.map((p) => p.channel).join('+'),
    ]);
    appendFileSync(out, rows.map(csvLine).join(''));
    pulled++;
    if (ack && !order.acked_at) {
      await api.post(`/orders/${encodeURIComponent(order.order_no)}/ack`, undefined, `ack-${order.order_no}`);
      acked++;
    }
    if (order.updated_at !== state.updated_since) {
      state.updated_since = order.updated_at;
      state.seen_at_last = [];
    }
    state.seen_at_last.push(key);
  }
  cursor = page.next_cursor;
  state.cursor = cursor;
  saveState();
  if (!cursor) break;
}
console.log(`pulled ${pulled} orders into ${out}, acknowledged ${acked}`);
