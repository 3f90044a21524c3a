/**
 * The front end as Lighthouse 12 and axe-core (inside Lighthouse's accessibility category) judge
 * it, in Debian's Chromium: desktop performance and accessibility of home, list, detail, cart and
 * step 2 for the logged-in demo store, mobile performance of the home page, and the JavaScript
 * each page's first load transfers as the server sends it (its own compression).
 * Budgets (issue #17): desktop performance >= 0.95 and accessibility >= 0.98 on the five pages,
 * mobile performance >= 0.8 on home; first-load JS home < 200 KB, list/detail/cart < 250 KB.
 * Run against a running shop (`npm start`): npx tsx bench/web.ts [baseUrl]
 */
import { type Audit, audit, firstGoodsInStock, launchChromium, signInDemoStore } from './lighthouse-audit';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';

/** Signs the demo store in and puts one goods in its cart; answers the detail and step-2 paths. */
async function prepare() {
  const { cookie, headers } = await signInDemoStore(baseUrl);
  const goodsId = await firstGoodsInStock(baseUrl, headers);
  await fetch(`${baseUrl}/api/cart/quick_add/${goodsId}`, { method: 'POST', headers });
  const cart = (await (await fetch(`${baseUrl}/api/cart/list?filters=99999&new=1`, { headers })).json()) as {
    data: { data: { id: number; goods: { id: number } }[] };
  };
  const line = cart.data.data.find((l) => l.goods.id === goodsId);
  return { cookie, detail: `/list/info/${goodsId}`, step2: `/cart/step2?ids=${line?.id}` };
}

interface Row extends Audit {
  page: string;
  preset: 'desktop' | 'mobile';
}

const chrome = await launchChromium();
const rows: Row[] = [];
try {
  const { cookie, detail, step2 } = await prepare();
  const pages: [string, string][] = [
    ['home', '/'],
    ['list', '/list'],
    ['detail', detail],
    ['cart', '/cart'],
    ['step 2', step2],
  ];
  for (const [page, path] of pages) {
    const found = await audit(chrome.port, baseUrl + path, {
      preset: 'desktop',
      cookie,
      accessibility: true,
    });
    rows.push({ page, preset: 'desktop', ...found });
  }
  const home = await audit(chrome.port, `${baseUrl}/`, { preset: 'mobile', cookie, accessibility: false });
  rows.push({ page: 'home', preset: 'mobile', ...home, accessibility: null });
} finally {
  chrome.kill();
}

const jsBudget: Record<string, number> = { home: 200, list: 250, detail: 250, cart: 250 };
let missed = 0;
console.log('page     preset   perf  a11y  LCP ms  TBT ms  first-load JS (as sent)  a11y audits below 1');
for (const r of rows) {
  const perfOk = r.performance >= (r.preset === 'desktop' ? 0.95 : 0.8);
  const a11yOk = r.accessibility === null || r.accessibility >= 0.98;
  const jsOk = r.preset !== 'desktop' || !(r.page in jsBudget) || r.jsKb < jsBudget[r.page];
  if (!perfOk || !a11yOk || !jsOk) missed++;
  console.log(
    `${r.page.padEnd(8)} ${r.preset.padEnd(8)} ${r.performance.toFixed(2)}${perfOk ? ' ' : '!'} ${
      r.accessibility === null ? '  -  ' : `${r.accessibility.toFixed(2)}${a11yOk ? ' ' : '!'}`
    } ${r.lcp.toFixed(0).padStart(6)}  ${r.tbt.toFixed(0).padStart(6)}  ${`${r.jsKb.toFixed(1)} KB${jsOk ? '' : ' !'}`.padStart(23)}  ${r.failing.join(', ')}`,
  );
}
console.log(`budgets missed: ${missed} (! marks each)`);
process.exitCode = missed > 0 ? 1 : 0;
