/**
 * First-load JavaScript of every shop route, as the server sends it (its own compression), for a
 * visitor and for the logged-in demo store: each route opened in a fresh browser context (an
 * empty cache), the encoded bodies of the scripts it loaded until the network settled summed.
 * Budgets (issue #37): every route <= 250 KB for both, home <= 200 KB.
 * Run against a running shop (`npm start`):
 *   CHROMIUM_PATH=/usr/bin/chromium npx tsx bench/first-load.ts [baseUrl] [route ...]
 * Routes after the address (sample URLs of route-samples.ts, e.g. /login /order) measure only those.
 */

import { chromium, type Request } from 'playwright-core';
import { routeSamples } from '../apps/shop/src/app/route-samples';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const onlyRoutes = process.argv.slice(3);
/** FIRST_LOAD_FILES=1 lists every script a view loaded, with its size as sent. */
const verbose = process.env.FIRST_LOAD_FILES === '1';
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
const HOME_BUDGET = 200 * 1024;
const ROUTE_BUDGET = 250 * 1024;

async function buyerCookies() {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: 'username=13800000001&password=Demo%40123456',
  });
  const host = new URL(baseUrl).hostname;
  return (login.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('yc_'))
    .map((c) => {
      const at = c.indexOf('=');
      return { name: c.slice(0, at), value: c.slice(at + 1), domain: host, path: '/' };
    });
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const cookies = await buyerCookies();
if (!cookies.length) throw new Error('the demo store could not log in');

async function measure(url: string, asBuyer: boolean): Promise<{ bytes: number; landed: string }> {
  const context = await browser.newContext();
  if (asBuyer) await context.addCookies(cookies);
  const page = await context.newPage();
  if (verbose) console.log(`  ${url} (${asBuyer ? 'buyer' : 'visitor'})`);
  const sizes: Promise<number>[] = [];
  const counted = (request: Request) => {
    if (request.resourceType() !== 'script') return;
    const size = request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize);
    sizes.push(size);
    if (verbose) size.then((n) => console.log(`    ${kb(n).padStart(9)} ${new URL(request.url()).pathname}`));
  };
  page.on('requestfinished', counted);
  await page.goto(`${baseUrl}${url}`, { waitUntil: 'networkidle' });
  // On a busy machine the entry can run longer than networkidle's 500 ms, which then fires
  // before the page's chunks are asked for: settled means no new script for 1.5 s more.
  for (let seen = -1; seen !== sizes.length; ) {
    seen = sizes.length;
    await page.waitForTimeout(1500);
    await page.waitForLoadState('networkidle');
  }
  // A script finishing after the network settled is not part of the first load; asking its
  // sizes once the context closes would throw.
  page.off('requestfinished', counted);
  const bytes = (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
  const landed = new URL(page.url()).pathname;
  await context.close();
  return { bytes, landed };
}

let worst = { url: '', bytes: 0 };
const over: string[] = [];
console.log('route                          visitor (lands on)            buyer');
for (const [url, , , kind] of routeSamples) {
  if (onlyRoutes.length && !onlyRoutes.includes(url)) continue;
  const visitor = await measure(url, false);
  const buyer = await measure(url, true);
  const budget = kind === 'home' ? HOME_BUDGET : ROUTE_BUDGET;
  for (const [who, m] of [
    ['visitor', visitor],
    ['buyer', buyer],
  ] as const) {
    if (m.bytes > worst.bytes) worst = { url: `${url} (${who})`, bytes: m.bytes };
    if (m.bytes > budget) over.push(`${url} (${who}) ${kb(m.bytes)}`);
  }
  console.log(
    `${url.padEnd(30)} ${kb(visitor.bytes).padStart(9)} ${`(${visitor.landed})`.padEnd(20)} ${kb(buyer.bytes).padStart(9)}`,
  );
}
await browser.close();
console.log(`largest: ${worst.url} ${kb(worst.bytes)}`);
console.log(over.length ? `over budget:\n  ${over.join('\n  ')}` : 'every route within budget');
