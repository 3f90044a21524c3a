#!/usr/bin/env node
// Ships an order from the ERP: carrier, tracking number, and per line its batches and trace codes.
//
//   node push-shipment.mjs <order_no> <shipment.json | shipment.csv>
//
// JSON: { "carrier": "顺丰速运", "tracking_no": "SF123456789", "lines": [{ "line_id": 1,
//         "batches": [{ "batch_no": "B2511", "quantity": 2 }], "trace_codes": ["8…", "8…"] }] }
// CSV:  carrier,tracking_no,line_id,batch_no,quantity,trace_codes  (one row per line and batch;
//       trace codes separated by spaces or semicolons; carrier and tracking_no from the first row)
//
// The Idempotency-Key is `ship-<order_no>-<tracking_no>`: running the script again after a lost
// answer replays the first answer instead of shipping twice.

import { readFileSync } from 'node:fs';
import { createClient, csvRecords, OpenApiError, parseArgs } from './lib.mjs';

const { positional } = parseArgs();
const [orderNo, file] = positional;
if (!orderNo || !file) {
  console.error('usage: node push-shipment.mjs <order_no> <shipment.json | shipment.csv>');
  process.exit(2);
}

function shipmentFromCsv(text) {
  const records = csvRecords(text);
  if (!records.length) throw new Error(`${file}: no rows`);
  const lines = new Map();
  for (const r of records) {
    const lineId = Number(r.line_id);
    const line = lines.get(lineId) ?? { line_id: lineId };
    if (r.batch_no)
      line.batches = [...(line.batches ?? []), { batch_no: r.batch_no, quantity: Number(r.quantity) }];
    const codes = (r.trace_codes ?? '').split(/[\s;；]+/).filter(Boolean);
    if (codes.length) line.trace_codes = [...(line.trace_codes ?? []), ...codes];
    lines.set(lineId, line);
  }
  return { carrier: records[0].carrier, tracking_no: records[0].tracking_no, lines: [...lines.values()] };
}

const text = readFileSync(file, 'utf8');
const shipment = file.toLowerCase().endsWith('.csv') ? shipmentFromCsv(text) : JSON.parse(text);
const api = createClient({ log: (line) => console.error(line) });
try {
  const { data } = await api.post(
    `/orders/${encodeURIComponent(orderNo)}/shipments`,
    shipment,
    `ship-${orderNo}-${shipment.tracking_no}`,
  );
  console.log(`shipped ${data.order_no} (shipment ${data.shipment_id})`);
  for (const line of data.lines)
    console.log(
      `  line ${line.line_id}: ${line.batches.map((b) => `${b.batch_no}×${b.quantity}`).join(', ')}; ${line.trace_codes} trace codes`,
    );
} catch (error) {
  if (!(error instanceof OpenApiError)) throw error;
  console.error(`refused: ${error.message}`);
  for (const [field, messages] of Object.entries(error.fields ?? {}))
    console.error(`  ${field}: ${messages.join('; ')}`);
  process.exit(1);
}
