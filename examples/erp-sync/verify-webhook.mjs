#!/usr/bin/env node
// Receiving Yaocai webhooks: a self-contained receiver (Node 20+, no dependencies) that verifies
// each delivery before trusting it.
//
//   WEBHOOK_SECRET=whsec_... PORT=8787 node verify-webhook.mjs
//
// Every delivery is a POST with a JSON body `{ id, type, created_at, data }` and the headers
//   Yaocai-Event-Id    the event id: deliveries are at least once, so ignore an id seen before
//   Yaocai-Event-Type  e.g. order.paid
//   Yaocai-Timestamp   Unix seconds of this attempt
//   Yaocai-Signature   v1=<hex HMAC-SHA256 of "<timestamp>.<raw body>" with the subscription secret>
// Answer 2xx within 5 seconds; anything else is retried with backoff for 24 hours.
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';

/** How far the timestamp may be from this machine's clock (replayed old deliveries are refused). */
const TOLERANCE_SECONDS = 300;

/**
 * Whether a delivery is genuine: the timestamp is recent and the signature is ours, compared in
 * constant time over the RAW body (parse the JSON only after this).
 */
export function verifyWebhook(secret, headers, rawBody, nowSeconds = Date.now() / 1000) {
  const timestampText = String(headers['yaocai-timestamp'] ?? '');
  const timestamp = Number(timestampText);
  if (!Number.isInteger(timestamp) || Math.abs(nowSeconds - timestamp) > TOLERANCE_SECONDS) return false;
  const digest = createHmac('sha256', secret).update(`${timestampText}.${rawBody}`).digest('hex');
  const expected = Buffer.from(`v1=${digest}`);
  const given = Buffer.from(String(headers['yaocai-signature'] ?? ''));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Event ids already handled (use your database in production: a unique key on the id). */
const handled = new Set();

function serve(secret, port) {
  const server = http.createServer((req, res) => {
    if (req.method !== 'POST') return res.writeHead(405).end();
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > 1024 * 1024) req.destroy();
      else chunks.push(chunk);
    });
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      if (!verifyWebhook(secret, req.headers, raw)) {
        console.warn('refused a delivery with a bad signature or an old timestamp');
        return res.writeHead(401).end('bad signature');
      }
      const event = JSON.parse(raw);
      if (handled.has(event.id)) return res.writeHead(200).end('duplicate');
      handled.add(event.id);
      // Hand the event to your ERP here (quickly: answer within 5 seconds, work later).
      console.log(`${event.type} ${event.id}`, JSON.stringify(event.data));
      res.writeHead(200).end('ok');
    });
  });
  server.listen(port, () => console.log(`listening for Yaocai webhooks on :${port}`));
  return server;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const secret = process.env.WEBHOOK_SECRET;
  if (!secret) {
    console.error('Set WEBHOOK_SECRET to the subscription secret (shown once when it was created).');
    process.exit(1);
  }
  serve(secret, Number(process.env.PORT ?? 8787));
}
