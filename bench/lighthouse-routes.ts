/**
 * Lighthouse 12 (desktop preset, performance and accessibility with axe-core inside) on every
 * shop route of spec section 2 (the sample addresses of apps/shop/src/app/route-samples.ts), as
 * the signed-in demo store, in Debian's Chromium: issue 37's "desktop >= 0.95 everywhere", and
 * the accessibility an outside axe run checks. Prints each route's scores, LCP, CLS, TBT and its
 * accessibility audits below 1, and the routes that miss.
 * Run against a running shop (`npm start`): npx tsx bench/lighthouse-routes.ts [baseUrl] [route ...]
 */
import { routeSamples } from '../apps/shop/src/app/route-samples';
import { audit, launchChromium, signInDemoStore } from './lighthouse-audit';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';
const only = process.argv.slice(3);
const paths = [...new Set(routeSamples.map(([path]) => path))].filter(
  (p) => !only.length || only.includes(p),
);

const chrome = await launchChromium();
const missed: string[] = [];
try {
  const { cookie } = await signInDemoStore(baseUrl);
  console.log(
    'route                                   perf  a11y  LCP ms  CLS    TBT ms  a11y audits below 1',
  );
  for (const path of paths) {
    const r = await audit(chrome.port, baseUrl + encodeURI(path), {
      preset: 'desktop',
      cookie,
      accessibility: true,
    });
    const miss = r.performance < 0.95 || (r.accessibility ?? 1) < 1;
    if (miss) missed.push(path);
    console.log(
      `${path.padEnd(39)} ${r.performance.toFixed(2)}  ${(r.accessibility ?? 0).toFixed(2)}  ${String(Math.round(r.lcp)).padStart(6)}  ${r.cls.toFixed(3)}  ${String(Math.round(r.tbt)).padStart(6)}  ${r.failing.join(' ')}${miss ? '  <-' : ''}`,
    );
  }
} finally {
  chrome.kill();
}
console.log(
  `${paths.length} routes; under 0.95 performance or 1 accessibility: ${missed.length ? missed.join(' ') : 'none'}`,
);
