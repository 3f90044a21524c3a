/**
 * The mobile site (apps/h5 at /m/) as Lighthouse 12 judges it with its default mobile settings
 * (Moto G Power, slow 4G, 4x CPU slowdown), in Debian's Chromium: performance and accessibility of
 * home, list, detail and cart for the logged-in demo store, LCP, CLS and the JavaScript each first
 * load transfers. Budgets (issue 35): performance >= 0.90, accessibility >= 0.98, LCP < 2.5 s,
 * CLS < 0.1. Run against a running server (`npm start`): npx tsx bench/h5-web.ts [baseUrl]
 */
import { audit, firstGoodsInStock, launchChromium, signInDemoStore } from './lighthouse-audit';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';

const chrome = await launchChromium();
let missed = 0;
try {
  const { cookie, headers } = await signInDemoStore(baseUrl);
  const pages: [string, string][] = [
    ['home', '/m/'],
    ['list', '/m/list?keywords=%E7%89%87'],
    ['detail', `/m/goods/${await firstGoodsInStock(baseUrl, headers)}`],
    ['cart', '/m/cart'],
  ];
  console.log('page     perf  a11y  LCP ms  CLS    TBT ms  first-load JS (as sent)  audits below 1');
  for (const [name, path] of pages) {
    const r = await audit(chrome.port, baseUrl + path, { preset: 'mobile', cookie, accessibility: true });
    const a11y = r.accessibility ?? 0;
    const ok = r.performance >= 0.9 && a11y >= 0.98 && r.lcp < 2500 && r.cls < 0.1;
    if (!ok) missed++;
    console.log(
      `${name.padEnd(8)} ${r.performance.toFixed(2)}  ${a11y.toFixed(2)}  ${r.lcp.toFixed(0).padStart(6)}  ${r.cls.toFixed(3)}  ${r.tbt
        .toFixed(0)
        .padStart(6)}  ${`${r.jsKb.toFixed(1)} KB`.padStart(23)}  ${r.failing.join(', ')}${ok ? '' : ' !'}`,
    );
    console.log(`         LCP ${r.lcpWhy}`);
  }
} finally {
  chrome.kill();
}
console.log(`budgets missed: ${missed} (! marks each)`);
process.exitCode = missed > 0 ? 1 : 0;
