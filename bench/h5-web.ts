/**
 * The mobile site (apps/h5 at /m/) as Lighthouse 12 judges it with its default mobile settings
 * (Moto G Power, slow 4G, 4x CPU slowdown), in Debian's Chromium: performance and accessibility of
 * home, list, detail and cart for the logged-in demo store, LCP, CLS and the JavaScript each first
 * load transfers. Budgets (issue 35): performance >= 0.90, accessibility >= 0.98, LCP < 2.5 s,
 * CLS < 0.1. Run against a running server (`npm start`): npx tsx bench/h5-web.ts [baseUrl]
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const baseUrl = process.argv[2] ?? 'http://127.0.0.1:3000';

async function signIn() {
  const login = await fetch(`${baseUrl}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: baseUrl },
    body: 'username=13800000001&password=Demo%40123456',
  });
  const cookie = (login.headers.getSetCookie?.() ?? [])
    .map((c) => c.split(';')[0])
    .filter((c) => c.startsWith('yc_'))
    .join('; ');
  if (!cookie) throw new Error(`login failed: ${login.status}`);
  const list = (await (
    await fetch(`${baseUrl}/api/goods/list?page_size=20&in_stock=1`, { headers: { cookie, origin: baseUrl } })
  ).json()) as { data: { list: { id: number }[] } };
  return { cookie, detail: `/m/goods/${list.data.list[0].id}` };
}

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
});

let missed = 0;
try {
  const { cookie, detail } = await signIn();
  const pages: [string, string][] = [
    ['home', '/m/'],
    ['list', '/m/list?keywords=%E7%89%87'],
    ['detail', detail],
    ['cart', '/m/cart'],
  ];
  console.log('page     perf  a11y  LCP ms  CLS    TBT ms  first-load JS (as sent)  audits below 1');
  for (const [name, path] of pages) {
    const result = await lighthouse(baseUrl + path, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      extraHeaders: { Cookie: cookie },
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { lhr } = result;
    const perf = lhr.categories.performance?.score ?? 0;
    const a11y = lhr.categories.accessibility?.score ?? 0;
    const lcp = lhr.audits['largest-contentful-paint']?.numericValue ?? 0;
    const cls = lhr.audits['cumulative-layout-shift']?.numericValue ?? 0;
    const tbt = lhr.audits['total-blocking-time']?.numericValue ?? 0;
    const items =
      (
        lhr.audits['network-requests']?.details as {
          items?: { resourceType?: string; transferSize?: number }[];
        }
      )?.items ?? [];
    const js = items
      .filter((r) => r.resourceType === 'Script')
      .reduce((s, r) => s + (r.transferSize ?? 0), 0);
    const failing = Object.values(lhr.audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 1 &&
          lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
      )
      .map((a) => a.id);
    const ok = perf >= 0.9 && a11y >= 0.98 && lcp < 2500 && cls < 0.1;
    if (!ok) missed++;
    console.log(
      `${name.padEnd(8)} ${perf.toFixed(2)}  ${a11y.toFixed(2)}  ${lcp.toFixed(0).padStart(6)}  ${cls.toFixed(3)}  ${tbt
        .toFixed(0)
        .padStart(
          6,
        )}  ${`${(js / 1024).toFixed(1)} KB`.padStart(23)}  ${failing.join(', ')}${ok ? '' : ' !'}`,
    );
  }
} finally {
  await chrome.kill();
}
console.log(`budgets missed: ${missed} (! marks each)`);
process.exitCode = missed > 0 ? 1 : 0;
