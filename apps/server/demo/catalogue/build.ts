// Turns compact hand-written rows into full DemoGoods records.
// Everything that is not written by hand (sku, stock, ladder, tags, sales...) is
// derived deterministically from the sku with a string hash, so the catalogue is
// identical on every run. No I/O, no randomness.
import { withCheckDigit } from '@yaocai/domain';
import { demoBrands } from './brands';
import type { DemoGoods, DemoGoodsKind, DemoLadder, DemoTag, DemoZone } from './types';

/** Compact authoring row. Prices are integer fen. */
export interface GoodsRow {
  /** display name, e.g. "芬必得 布洛芬缓释胶囊" */
  n: string;
  /** common (generic) name when different from n */
  cn?: string;
  /** manufacturer (sccj) */
  m: string;
  /** brand code */
  b?: string;
  /** spec (ypgg) */
  s: string;
  /** packing unit (bzdw), default 盒 */
  u?: string;
  /** approval / registration number */
  a: string;
  /** dosage form */
  f?: string;
  /** 上市许可持有人 when not the manufacturer's company (drugs) */
  h?: string;
  /** rx: 'rx' | 'a' (甲类OTC) | 'b' (乙类OTC); default none */
  x?: 'rx' | 'a' | 'b';
  /** normal-menu leaf */
  c: string;
  /** yx-menu leaf (puts the goods in the 优选包邮 zone) */
  y?: string;
  /** zy-menu leaf (herbs) */
  z?: string;
  /** qx-menu leaf (devices) */
  q?: string;
  /** device class 1/2/3 */
  qc?: 1 | 2 | 3;
  /** base (wholesale) price, fen */
  p: number;
  /** retail price, fen (default derived) */
  r?: number;
  /** description */
  d: string;
  /** scope class override */
  sc?: string;
  /** storage override */
  sto?: string;
  /** shelf life months override */
  sl?: number;
  /** min quantity / step (中包装) overrides */
  mq?: number;
  st?: number;
  /** ephedrine-type compound preparation */
  eph?: boolean;
  /** near-expiry (jxqzc) / controlled-sale (kxzq) overrides */
  jxq?: boolean;
  kx?: boolean;
  /** popular item: high sales */
  hot?: boolean;
  /** new item */
  nw?: boolean;
  /** extra tags */
  t?: DemoTag[];
  /** packaging colour override */
  col?: string;
}

function hash01(key: string): number {
  // FNV-1a 32-bit
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  // extra avalanche
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b) >>> 0;
  h ^= h >>> 13;
  return (h >>> 0) / 0x100000000;
}

const PALETTE = [
  '#1f6fb2',
  '#c0392b',
  '#27ae60',
  '#8e44ad',
  '#e67e22',
  '#16a085',
  '#2c3e50',
  '#d35400',
  '#2980b9',
  '#b03a2e',
  '#f1c40f',
  '#7f8c8d',
];

const brandColor = new Map(demoBrands.map((b) => [b.code, b.color]));

function defaultStorage(kind: DemoGoodsKind, form: string): string {
  if (kind === 'herb') return '置阴凉干燥处，防霉，防蛀';
  if (kind === 'device') return '常温保存，避免阳光直射，远离腐蚀性气体';
  if (/消毒|凝胶|湿巾|棉片/.test(form)) return '避光，密封，置阴凉通风处，远离火源';
  if (/栓|滴丸|软胶囊/.test(form)) return '密封，在阴凉处（不超过20℃）保存';
  if (/注射|生物|胰岛素/.test(form)) return '遮光，密闭，在2～8℃冷处保存';
  if (/溶液|口服液|糖浆|合剂|酊|水|露|气雾|喷雾|滴眼|滴鼻|滴耳/.test(form))
    return '密封，置阴凉处（不超过20℃）';
  if (/乳膏|软膏|凝胶|贴/.test(form)) return '密闭，在阴凉处保存';
  return '密封，在干燥处保存';
}

/**
 * The holder of a goods' approval: for a drug the 上市许可持有人 (药品管理法 2019), for a device
 * the 注册人/备案人; both are the legal person the approval names, so a branch factory's goods
 * belong to its company. Herbs (饮片) and health goods have none.
 */
function defaultHolder(kind: DemoGoodsKind, row: GoodsRow): string {
  if (row.h) return row.h;
  if (kind === 'herb' || kind === 'health') return '';
  const company = row.m.match(/^.+?有限公司/)?.[0];
  return company ?? row.m;
}

function defaultShelfLife(kind: DemoGoodsKind, form: string): number {
  if (kind === 'herb') return 24;
  if (kind === 'device') return /无菌|注射|试纸|口罩|纱布|棉签/.test(form) ? 36 : 60;
  if (kind === 'health') return 24;
  if (/口服液|糖浆|滴眼|合剂|颗粒/.test(form)) return 24;
  if (/片|丸/.test(form)) return 36;
  return 24;
}

function defaultScope(kind: DemoGoodsKind, row: GoodsRow): string {
  if (row.sc) return row.sc;
  if (kind === 'herb') return 'zyyp';
  if (kind === 'device') return `qx${row.qc ?? 2}`;
  if (kind === 'health') return 'bjsp';
  if (row.a.includes('国药准字Z')) return 'zcy';
  if (row.a.includes('国药准字S')) return 'swzp';
  if (row.c === 'n-xy-kgr') return 'kssz';
  return 'hxyzj';
}

function makeLadder(sku: string, base: number, min: number, step: number): DemoLadder {
  const type: 1 | 2 = hash01(`${sku}lt`) < 0.5 ? 1 : 2;
  const pricey = base >= 20000;
  const d1 = pricey ? 0.97 : 0.95;
  const d2 = pricey ? 0.94 : 0.9;
  const p1 = base;
  const p2 = Math.min(p1 - 1, Math.round(base * d1));
  const p3 = Math.min(p2 - 1, Math.round(base * d2));
  if (type === 1) {
    const bounds = pricey ? [2, 9, 99999] : step > 1 ? [step * 5 - 1, step * 20 - 1, 99999] : [9, 49, 99999];
    return {
      type,
      tiers: [
        { quantity: bounds[0], priceFen: p1 },
        { quantity: bounds[1], priceFen: p2 },
        { quantity: bounds[2], priceFen: p3 },
      ],
    };
  }
  const mins = pricey ? [min, 3, 10] : step > 1 ? [min, step * 5, step * 20] : [min, 10, 50];
  return {
    type,
    tiers: [
      { quantity: mins[0], priceFen: p1 },
      { quantity: mins[1], priceFen: p2 },
      { quantity: mins[2], priceFen: p3 },
    ],
  };
}

/**
 * A demo goods' EAN-13: 69 (GS1 China), a four-digit company code from the maker (1000-8999),
 * six digits of the sku number (unique), and the check digit. Generated scale goods use company
 * codes from 9000 up, so they never collide with these.
 */
function demoBarcode(maker: string, skuNumber: number): string {
  const company = 1000 + Math.floor(hash01(maker) * 8000);
  return withCheckDigit(`69${company}${String(skuNumber).padStart(6, '0')}`);
}

/**
 * Build full goods records. `startNo` gives the first sku number; skus are
 * `YC` + 6 digits, stable as long as rows keep their order within a file.
 */
export function buildGoods(kind: DemoGoodsKind, startNo: number, rows: GoodsRow[]): DemoGoods[] {
  return rows.map((row, i) => {
    const sku = `YC${String(startNo + i).padStart(6, '0')}`;
    const h = (salt: string) => hash01(sku + salt);
    const form = row.f ?? (kind === 'herb' ? '饮片' : kind === 'device' ? '医疗器械' : '片剂');
    const base = row.p;

    // zones
    const jxq = row.jxq ?? ((kind === 'drug' || kind === 'health') && h('jxq') < 0.07);
    const kx = row.kx ?? (kind === 'drug' && row.x === 'rx' && h('kx') < 0.16);
    const zones: DemoZone[] = [];
    if (row.y) zones.push('yx');
    if (kind === 'herb') zones.push('zyyp');
    if (kind === 'device') zones.push('qxzq');
    if (jxq) zones.push('jxqzc');
    if (kx) zones.push('kxzq');
    if (row.b) zones.push('ppzq');

    // quantities
    let step = row.st ?? 1;
    let min = row.mq ?? step;
    if (row.st === undefined && row.mq === undefined) {
      if ((kind === 'drug' || kind === 'device') && base <= 1500 && h('st') < 0.4) {
        step = base <= 600 ? 10 : 5;
        min = step;
      } else if (kind !== 'herb' && base <= 8000 && h('mq') < 0.1) {
        min = 2 + Math.floor(h('mqn') * 4);
      }
    }
    if (min < step) min = step;

    // tags
    const tags: DemoTag[] = [];
    if (row.y) tags.push('优');
    if (h('ms') < 0.06) tags.push('秒');
    if (h('mj') < 0.12) tags.push('满');
    // 换购 and 赠 come from the gift rules the cart seed creates (seed/cart.ts): a badge always
    // has a rule behind it.
    if (jxq || h('tj') < 0.04) tags.push('特');
    const isNew = row.nw ?? h('new') < 0.05;
    if (isNew) tags.push('新');
    for (const t of row.t ?? []) if (!tags.includes(t)) tags.push(t);

    // stock
    const scale = kind === 'device' && base > 20000 ? 80 : kind === 'herb' ? 600 : 5000;
    const stock: DemoGoods['stock'] = [
      { warehouse: 'main', quantity: Math.max(step, Math.round(((0.1 + h('sm')) * scale) / step) * step) },
    ];
    if (h('sn') < 0.55)
      stock.push({ warehouse: 'north', quantity: Math.round((h('snq') * scale * 0.6) / step) * step });
    if (h('zero') < 0.08) stock[stock.length - 1].quantity = 0;
    const isBuy = h('buy') >= 0.04;

    const sales = isNew
      ? Math.floor(h('sale') * 300)
      : row.hot
        ? 5000 + Math.floor(h('sale') * 15000)
        : Math.floor(h('sale') * h('sale2') * 6000);

    const categoryCodes = [row.c];
    if (row.y) categoryCodes.push(row.y);
    if (row.z) categoryCodes.push(row.z);
    if (row.q) categoryCodes.push(row.q);

    const goods: DemoGoods = {
      sku,
      name: row.n,
      commonName: row.cn ?? row.n,
      kind,
      manufacturer: row.m,
      ...(row.b ? { brandCode: row.b } : {}),
      spec: row.s,
      unit: row.u ?? '盒',
      approvalNo: row.a,
      barcode: demoBarcode(row.m, startNo + i),
      dosageForm: form,
      authorizationHolder: defaultHolder(kind, row),
      rxClass: row.x === 'rx' ? 'rx' : row.x === 'a' ? 'otc_a' : row.x === 'b' ? 'otc_b' : 'none',
      storage: row.sto ?? defaultStorage(kind, form),
      shelfLifeMonths: jxq ? 3 + Math.floor(h('jxqm') * 5) : (row.sl ?? defaultShelfLife(kind, form)),
      categoryCodes,
      scopeClass: defaultScope(kind, row),
      basePriceFen: base,
      retailPriceFen: row.r ?? Math.round((base * (1.45 + h('rt') * 0.45)) / 10) * 10,
      minQuantity: min,
      stepQuantity: step,
      stock,
      isBuy,
      tags,
      zones,
      ephedrine: row.eph ?? false,
      description: row.d,
      salesCount: sales,
      color:
        row.col ??
        (row.b ? brandColor.get(row.b) : undefined) ??
        PALETTE[Math.floor(h('col') * PALETTE.length)],
    };
    if (base >= 50 && h('lad') < 0.42) goods.ladder = makeLadder(sku, base, min, step);
    if (row.y)
      goods.freeShipping = {
        number: Math.max(min, Math.ceil(Math.min(100, Math.ceil(8000 / base)) / step) * step),
      };
    return goods;
  });
}
