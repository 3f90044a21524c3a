/**
 * Distinct catalogue requests for the `catalog-distinct` bench group (bench/run.ts): thousands of
 * different goods/list URLs (every sort, pages 1–20, in_stock, price ranges, brands, zones,
 * categories, keywords), so the per-process result cache mostly misses, as it does for real
 * traffic spread over a large catalogue; and the same URLs asked by signed-in buyers of several
 * stores (prices, scope and 控销 judged per buyer), each with its real session cookie.
 *
 * Everything is read from the running app (GET /api/focus/common for the category menus and
 * brands, goods names for keywords, POST /api/user/login for the cookies), so the same lists
 * work on PostgreSQL and on PGlite. The order is shuffled with a fixed seed.
 */
import type { HeaderCommonData } from '@yaocai/domain';

export interface Job {
  path: string;
  cookie?: string;
}

/** A small deterministic PRNG (mulberry32), so every run asks the same URLs. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffle<T>(items: T[], seed: number): T[] {
  const next = random(seed);
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const sorts = ['default', 'sales', 'price_asc', 'price_desc', 'newest', 'expiry_desc', 'expiry_asc'];
const zones = ['yx', 'zyyp', 'qxzq', 'jxqzc', 'kxzq', 'ppzq'];
const priceRanges = [
  [0, 10],
  [10, 50],
  [5, 30],
  [50, 200],
  [100, 1000],
  [0, 5],
];
/** Typed keywords: Chinese words, full pinyin, initials (the shop's search box takes all three). */
const typedKeywords = [
  '阿莫西林',
  'amxl',
  '布洛芬',
  'blf',
  '感冒',
  'ganmao',
  'gm',
  '维生素',
  'wss',
  '胶囊',
  '颗粒',
  '片',
  '口服液',
  '注射',
  '软膏',
  '清热',
  'qr',
  '板蓝根',
  'blg',
  '头孢',
  'tb',
  '止咳',
  'zk',
  '连花',
  'lhqw',
  '血压',
  '钙',
  '消炎',
  '口罩',
  '血糖',
];

interface Catalogue {
  categoryIds: number[];
  brandIds: number[];
  keywords: string[];
  makers: string[];
}

async function json<T>(url: string, init?: RequestInit): Promise<T> {
  const res = await fetch(url, init);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  return ((await res.json()) as { data: T }).data;
}

/** Category ids of the four menus, brand ids, and keywords cut from goods names and makers. */
async function catalogue(base: string): Promise<Catalogue> {
  const common = await json<HeaderCommonData>(`${base}/api/focus/common`);
  const categoryIds = new Set<number>();
  const walk = (items: HeaderCommonData['category']) => {
    for (const c of items) {
      categoryIds.add(c.id);
      walk(c.children);
    }
  };
  for (const menu of [common.category, common.category_yx, common.category_zy, common.category_qx])
    walk(menu);
  const keywords = new Set(typedKeywords);
  const makers = new Set<string>();
  // Names and makers from pages spread over the catalogue (sorted by id, so spread over the
  // generated goods too): the first two to four characters of a name, a common name, a maker.
  for (const page of [1, 50, 150, 300, 450, 600, 750, 900]) {
    const { list } = await json<{ list: { name: string; common_name: string; sccj: string }[] }>(
      `${base}/api/goods/list?page=${page}&page_size=100`,
    );
    for (const [i, g] of list.entries()) {
      if (i % 4 === 0) keywords.add([...g.common_name].slice(0, 2 + (i % 3)).join(''));
      if (i % 10 === 1) keywords.add(g.common_name);
      if (i % 7 === 2) makers.add(g.sccj);
    }
  }
  return {
    categoryIds: [...categoryIds],
    brandIds: common.brand.map((b) => b.id),
    keywords: [...keywords].filter((k) => k.trim().length > 0),
    makers: [...makers],
  };
}

/**
 * At least `count` distinct list URLs: a category (most browsing), a brand, a zone or the whole
 * catalogue, each with a sort, a page from 1 to 20, and sometimes in_stock=1 and a price range.
 */
function filterPaths(c: Catalogue, count: number): string[] {
  const next = random(17);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const out = new Set<string>();
  while (out.size < count) {
    const params = new URLSearchParams();
    const kind = next();
    if (kind < 0.6) params.set('category_id', String(pick(c.categoryIds)));
    else if (kind < 0.72) params.set('brand_id', String(pick(c.brandIds)));
    else if (kind < 0.84) params.set('zone', pick(zones));
    else if (kind < 0.92) params.set('keywords', pick(c.keywords));
    if (kind < 0.6 && next() < 0.1) params.set('brand_id', String(pick(c.brandIds)));
    if (next() < 0.4) params.set('in_stock', '1');
    if (next() < 0.25) {
      const [min, max] = pick(priceRanges);
      params.set('min_price', String(min));
      params.set('max_price', String(max));
    }
    params.set('sort', pick(sorts));
    params.set('page', String(1 + Math.floor(next() * 20)));
    out.add(`/api/goods/list?${params}`);
  }
  return [...out];
}

/** Distinct keyword searches (names, pinyin, initials; makers with type=1), pages 1–3, any sort. */
function keywordPaths(c: Catalogue, count: number): string[] {
  const next = random(29);
  const pick = <T>(items: T[]) => items[Math.floor(next() * items.length)];
  const out = new Set<string>();
  while (out.size < count) {
    const params = new URLSearchParams();
    if (next() < 0.15 && c.makers.length) {
      params.set('keywords', pick(c.makers));
      params.set('type', '1');
    } else params.set('keywords', pick(c.keywords));
    if (next() < 0.3) params.set('in_stock', '1');
    params.set('sort', pick(sorts));
    params.set('page', String(1 + Math.floor(next() * 3)));
    out.add(`/api/goods/list?${params}`);
  }
  return [...out];
}

/** Buyers of the demo data, each logged in through the API once (the cookie is its session). */
const buyerPhones = ['13800000001', '13800000011', '13800000012', '13800000002', '13800000003'];
const cookies = new Map<string, string[]>();

async function buyerCookies(base: string): Promise<string[]> {
  const held = cookies.get(base);
  if (held) return held;
  const out: string[] = [];
  for (const phone of buyerPhones) {
    const res = await fetch(`${base}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ username: phone, password: 'Demo@123456' }),
    });
    const sid = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('yc_sid='));
    if (!res.ok || !sid) throw new Error(`login of ${phone} answered ${res.status}`);
    out.push(sid);
  }
  cookies.set(base, out);
  return out;
}

/** The groups' request lists, built against a running app at `base`. */
export const distinctJobs = {
  async filters(base: string): Promise<Job[]> {
    return shuffle(
      filterPaths(await catalogue(base), 2_400).map((path) => ({ path })),
      1,
    );
  },
  async keywords(base: string): Promise<Job[]> {
    return shuffle(
      keywordPaths(await catalogue(base), 2_000).map((path) => ({ path })),
      2,
    );
  },
  /** The filter URLs, each asked by one of the buyers in turn (2,400 URL × buyer pairs). */
  async buyers(base: string): Promise<Job[]> {
    const sids = await buyerCookies(base);
    return shuffle(
      filterPaths(await catalogue(base), 2_400).map((path, i) => ({ path, cookie: sids[i % sids.length] })),
      3,
    );
  },
};
