/**
 * Distinct search keywords for the `search` bench groups (bench/run.ts): what buyers type into
 * the search box, made from the demo catalogue (db/demo/catalogue; the generated scale goods
 * copy its names, makers and approval numbers): one- and two-character Chinese fragments, whole
 * names and generic names, full pinyin and its typed prefixes, initials, approval numbers whole
 * and as letter+digits, barcodes as a scanner types them, and makers (type 1 and type 0).
 * Over 2,000 distinct keywords, shuffled with a fixed seed, each asked once per turn.
 */
import { demoGoods } from '../apps/server/demo/catalogue';
import { pinyinKeys } from '../apps/server/src/modules/catalog/pinyin';
import type { Job } from './catalog-distinct';

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

/** Chinese characters of a text, without brand words, brackets, latin or digits. */
const hanzi = (text: string) => [...text].filter((c) => /[\u4e00-\u9fff]/.test(c));

export interface SearchKeyword {
  keyword: string;
  type: 0 | 1;
  kind: string;
}

export function searchKeywords(): SearchKeyword[] {
  const out = new Map<string, SearchKeyword>();
  const add = (keyword: string, kind: string, type: 0 | 1 = 0) => {
    const k = keyword.trim();
    if (k && !out.has(`${type}:${k}`)) out.set(`${type}:${k}`, { keyword: k, type, kind });
  };
  for (const g of demoGoods) {
    const common = hanzi(g.commonName);
    add(g.name, 'name');
    add(g.commonName, 'generic');
    if (common.length >= 2) {
      add(common.slice(0, 2).join(''), 'two chars');
      add(common.slice(-2).join(''), 'two chars');
      add(common.slice(1, 3).join(''), 'two chars');
    }
    if (common.length) add(common[0], 'one char');
    const keys = pinyinKeys(common.join(''));
    if (keys.full.length >= 4) {
      add(keys.full, 'pinyin');
      add(keys.full.slice(0, 4 + (keys.full.length % 3)), 'pinyin prefix');
    }
    if (keys.initials.length >= 2) add(keys.initials, 'initials');
    if (g.approvalNo.startsWith('国药准字')) {
      add(g.approvalNo, 'approval');
      add(g.approvalNo.slice(4), 'approval code');
    }
    add(g.barcode, 'barcode');
    add(g.manufacturer, 'maker', 1);
    add(hanzi(g.manufacturer).slice(0, 4).join(''), 'maker', 1);
    add(pinyinKeys(g.manufacturer).initials.slice(0, 4), 'maker initials', 1);
    add(hanzi(g.manufacturer).slice(0, 4).join(''), 'maker as goods search');
  }
  return [...out.values()];
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

/** Keyword lists: the ranked first page mostly; sometimes in stock only, page 2, or a sort. */
export function keywordListJobs(): Job[] {
  const next = random(41);
  const sorts = ['sales', 'price_asc', 'newest'];
  return shuffle(
    searchKeywords().map(({ keyword, type }) => {
      const params = new URLSearchParams({ keywords: keyword, type: String(type) });
      const r = next();
      if (r < 0.15) params.set('in_stock', '1');
      else if (r < 0.25) params.set('page', '2');
      else if (r < 0.35) params.set('sort', sorts[Math.floor(next() * sorts.length)]);
      return { path: `/api/goods/list?${params}` };
    }),
    5,
  );
}

/** Suggestions of the same keywords, half of them with their match ranges (hl=1). */
export function suggestionJobs(): Job[] {
  return shuffle(
    searchKeywords().map(({ keyword, type }, i) => ({
      path: `/api/goods/search?${new URLSearchParams({ keywords: keyword, type: String(type), ...(i % 2 ? { hl: '1' } : {}) })}`,
    })),
    6,
  );
}
