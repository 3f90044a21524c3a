/**
 * One Lighthouse 12 audit in Debian's Chromium, shared by bench/web.ts (the PC shop) and
 * bench/h5-web.ts (the mobile site): the demo store's sign-in, the browser, and one page's
 * scores, LCP, CLS, TBT, the JavaScript its first load transfers as the server sends it, and the
 * accessibility audits (axe-core inside Lighthouse) below 1.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';

export interface Audit {
  performance: number;
  accessibility: number | null;
  lcp: number;
  cls: number;
  tbt: number;
  jsKb: number;
  failing: string[];
  /** The LCP element (its selector) and where its time went: TTFB, load delay, load time, render delay. */
  lcpWhy: string;
}

interface LcpDetails {
  items?: { items?: { node?: { selector?: string }; phase?: string; timing?: number }[] }[];
}

/** `img.m-home__banner: TTFB 457, Load Delay 217, ...` from Lighthouse's LCP element audit. */
function lcpWhy(details: LcpDetails | undefined): string {
  const [element, phases] = details?.items ?? [];
  const selector = element?.items?.[0]?.node?.selector?.split(' > ').pop() ?? '?';
  const timings = (phases?.items ?? []).map((p) => `${p.phase} ${Math.round(p.timing ?? 0)}`);
  return `${selector}: ${timings.join(', ')}`;
}

/** Logs the demo store in; answers its session cookie and the headers that carry it. */
export async function signInDemoStore(baseUrl: string) {
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
  return { cookie, headers: { cookie, origin: baseUrl } };
}

/** The first goods in stock of the list, as the signed-in store sees it. */
export async function firstGoodsInStock(baseUrl: string, headers: Record<string, string>): Promise<number> {
  const list = (await (
    await fetch(`${baseUrl}/api/goods/list?page_size=20&in_stock=1`, { headers })
  ).json()) as { data: { list: { id: number }[] } };
  return list.data.list[0].id;
}

export function launchChromium() {
  return chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
}

export async function audit(
  port: number,
  url: string,
  o: { preset: 'desktop' | 'mobile'; cookie: string; accessibility: boolean },
): Promise<Audit> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: o.accessibility ? ['performance', 'accessibility'] : ['performance'],
    extraHeaders: { Cookie: o.cookie },
  };
  const config = o.preset === 'desktop' ? desktopConfig : undefined;
  // Lighthouse sometimes fails to record the trace (NO_NAVSTART) and asks to be run again: up to
  // two more tries, each failure printed.
  let result = await lighthouse(url, flags, config);
  for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
    console.log(`${url} (${o.preset}): ${result.lhr.runtimeError.code}, running it again`);
    result = await lighthouse(url, flags, config);
  }
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const { lhr } = result;
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const jsBytes = requests
    .filter((r) => r.resourceType === 'Script')
    .reduce((sum, r) => sum + (r.transferSize ?? 0), 0);
  const failing = Object.values(lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 1 &&
        lhr.categories.accessibility?.auditRefs.some((r) => r.id === a.id && r.weight > 0),
    )
    .map((a) => a.id);
  return {
    performance: lhr.categories.performance?.score ?? 0,
    accessibility: lhr.categories.accessibility?.score ?? null,
    lcp: lhr.audits['largest-contentful-paint']?.numericValue ?? 0,
    cls: lhr.audits['cumulative-layout-shift']?.numericValue ?? 0,
    tbt: lhr.audits['total-blocking-time']?.numericValue ?? 0,
    jsKb: jsBytes / 1024,
    failing,
    lcpWhy: lcpWhy(lhr.audits['largest-contentful-paint-element']?.details as LcpDetails | undefined),
  };
}
