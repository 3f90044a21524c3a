/**
 * Home page largest contentful paint in headless Chromium, and the JavaScript (gzip) each route
 * loads. Budget (catalogue issue): LCP under 1.5 s on localhost.
 * Run against a running shop (`npm start`): npx tsx bench/lcp.ts [baseUrl] [runs]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const runs = Number(process.argv[3] ?? 5);
const budgetMs = 1500;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/shop/dist');

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

/** Loads a route in a cold context; returns its LCP and the scripts it fetched. */
async function load(route: string) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, locale: 'zh-CN' });
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
  });
  await page.goto(baseUrl + route, { waitUntil: 'networkidle' });
  // A string so it runs in the page (this workspace has no DOM types).
  const lcp = (await page.evaluate(`new Promise((resolve) => {
    new PerformanceObserver((list) => {
      const entries = list.getEntries();
      resolve(entries[entries.length - 1].startTime);
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  })`)) as number;
  await context.close();
  return { lcp, scripts: [...scripts] };
}

const gzipKb = (scripts: string[]) =>
  scripts.reduce((sum, script) => sum + gzipSync(readFileSync(path.join(dist, script))).length, 0) / 1024;

const lcps: number[] = [];
let homeScripts: string[] = [];
for (let i = 0; i < runs; i++) {
  const result = await load('/');
  lcps.push(result.lcp);
  homeScripts = result.scripts;
}
if (homeScripts.length === 0) {
  throw new Error('the home page loaded no JavaScript: is the shop built (npm run build) and served?');
}
lcps.sort((a, b) => a - b);
const median = lcps[Math.floor(lcps.length / 2)];
const detailId = process.env.DETAIL_ID ?? '1';
const detail = await load(`/list/info/${detailId}`);
const list = await load('/list');
await browser.close();

console.log(
  `home LCP over ${runs} cold loads: median ${median.toFixed(0)} ms (min ${lcps[0].toFixed(0)}, max ${lcps[lcps.length - 1].toFixed(0)}), budget ${budgetMs} ms`,
);
console.log(
  `JS gzip: home ${gzipKb(homeScripts).toFixed(1)} kB (${homeScripts.length} files), detail ${gzipKb(detail.scripts).toFixed(1)} kB (${detail.scripts.length} files), list ${gzipKb(list.scripts).toFixed(1)} kB`,
);
if (median > budgetMs) process.exitCode = 1;
