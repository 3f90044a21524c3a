// Self-check for the demo catalogue. Run: npx tsx apps/server/demo/catalogue/check.ts
import {
  type DemoCategory,
  type DemoMenu,
  demoBrands,
  demoCategories,
  demoGoods,
  scopeClasses,
} from './index';

const errors: string[] = [];
const fail = (msg: string) => errors.push(msg);
const TAGS = ['优', '秒', '满', '换购', '赠', '特', '新'] as const;
const ZONES = ['yx', 'zyyp', 'qxzq', 'jxqzc', 'kxzq', 'ppzq'] as const;
const MENUS: DemoMenu[] = ['normal', 'yx', 'zy', 'qx'];
const PREFIX: Record<DemoMenu, string> = { normal: 'n-', yx: 'yx-', zy: 'zy-', qx: 'qx-' };

// ---- categories ----
const allCodes = new Set<string>();
const leafMenu = new Map<string, DemoMenu>();
const walk = (menu: DemoMenu, cats: DemoCategory[], depth: number) => {
  for (const c of cats) {
    if (!/^[a-z0-9-]+$/.test(c.code)) fail(`category code not ascii slug: ${c.code}`);
    if (!c.code.startsWith(PREFIX[menu])) fail(`category ${c.code} lacks prefix ${PREFIX[menu]}`);
    if (allCodes.has(c.code)) fail(`duplicate category code ${c.code}`);
    allCodes.add(c.code);
    if (c.children?.length) walk(menu, c.children, depth + 1);
    else leafMenu.set(c.code, menu);
  }
};
for (const m of MENUS) walk(m, demoCategories[m], 0);
const normalTop = demoCategories.normal;
if (normalTop.length < 9) fail(`normal menu has ${normalTop.length} top-levels (<9)`);
for (const t of normalTop) {
  const n = t.children?.length ?? 0;
  if (n < 3 || n > 8) fail(`normal top-level ${t.code} has ${n} children (want 3-8)`);
}
if (demoCategories.yx.length < 7) fail('yx menu has < 7 top-levels');

// ---- brands / scope ----
const brandCodes = new Set<string>();
for (const b of demoBrands) {
  if (!/^[a-z0-9]+$/.test(b.code)) fail(`brand code not ascii: ${b.code}`);
  if (brandCodes.has(b.code)) fail(`duplicate brand ${b.code}`);
  brandCodes.add(b.code);
}
if (demoBrands.length < 20) fail(`only ${demoBrands.length} brands`);
const scopeCodes = new Set<string>(scopeClasses.map((s) => s.code));
for (const s of scopeClasses) if (!/^[a-z0-9]+$/.test(s.code)) fail(`scope code not ascii: ${s.code}`);
if (scopeClasses.length !== 13) fail(`expected 13 scope classes, got ${scopeClasses.length}`);

// ---- goods ----
const skus = new Set<string>();
const leafCount = new Map<string, number>();
const brandCount = new Map<string, number>();
const tagCount = new Map<string, number>();
const zoneCount = new Map<string, number>();
const kindCount = new Map<string, number>();
const scopeCount = new Map<string, number>();
let ladder1 = 0;
let ladder2 = 0;
let qtyRule = 0;
let stockRule = 0;
let eph = 0;
const isInt = (n: number) => Number.isInteger(n) && n > 0;
const inc = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

for (const g of demoGoods) {
  const id = `${g.sku} ${g.name}`;
  if (!/^YC\d{6}$/.test(g.sku)) fail(`bad sku ${id}`);
  if (skus.has(g.sku)) fail(`duplicate sku ${g.sku}`);
  skus.add(g.sku);
  inc(kindCount, g.kind);
  inc(scopeCount, g.scopeClass);
  if (!g.name || !g.commonName || !g.manufacturer || !g.spec || !g.unit || !g.dosageForm || !g.storage)
    fail(`missing text field ${id}`);
  if (g.description.length < 20) fail(`short description ${id}`);
  if (!/^#[0-9a-f]{6}$/i.test(g.color)) fail(`bad colour ${id}`);
  if (!isInt(g.basePriceFen) || !isInt(g.retailPriceFen)) fail(`non-integer fen ${id}`);
  if (g.retailPriceFen <= g.basePriceFen) fail(`retail <= base ${id}`);
  if (!Number.isInteger(g.salesCount) || g.salesCount < 0 || g.salesCount > 20000) fail(`bad sales ${id}`);
  if (!isInt(g.shelfLifeMonths)) fail(`bad shelf life ${id}`);
  if (!scopeCodes.has(g.scopeClass)) fail(`unknown scope ${g.scopeClass} ${id}`);

  // approval number format per kind
  const a = g.approvalNo;
  const approvalOk =
    g.kind === 'drug'
      ? /^国药准字[HZS]\d{8}$/.test(a)
      : g.kind === 'device'
        ? /^([国苏浙鄂湘辽滇鲁粤渝沪京]械注[准进]\d{11}|[苏浙鄂湘辽滇鲁粤渝沪京][\u4e00-\u9fa5]?械备\d{8}号)$/.test(
            a,
          )
        : g.kind === 'herb'
          ? /^(执行标准: 中国药典2020年版|生产许可证: [\u4e00-\u9fa5]\d{8})/.test(a)
          : /^(国食健[注字]G\d{8}|食品生产许可证: SC\d{14}|[\u4e00-\u9fa5]卫消证字\(\d{4}\)第\d{4}号)$/.test(
              a,
            );
  if (!approvalOk) fail(`bad approval number "${a}" ${id}`);
  if (g.kind === 'drug' && g.rxClass === 'none') fail(`drug without rx class ${id}`);
  if (g.kind !== 'drug' && g.rxClass !== 'none') fail(`non-drug with rx class ${id}`);
  if (g.kind === 'device' && !/^qx[123]$/.test(g.scopeClass)) fail(`device scope ${id}`);
  if (g.kind === 'herb' && g.scopeClass !== 'zyyp') fail(`herb scope ${id}`);

  // categories: one leaf per menu, always normal
  const menusSeen = new Set<DemoMenu>();
  for (const c of g.categoryCodes) {
    const m = leafMenu.get(c);
    if (!m) {
      fail(`category ${c} is not an existing leaf ${id}`);
      continue;
    }
    if (menusSeen.has(m)) fail(`two leaves of menu ${m} ${id}`);
    menusSeen.add(m);
    inc(leafCount, c);
  }
  if (!menusSeen.has('normal')) fail(`no normal leaf ${id}`);
  if (g.kind === 'herb' && !menusSeen.has('zy')) fail(`herb without zy leaf ${id}`);
  if (g.kind === 'device' && !menusSeen.has('qx')) fail(`device without qx leaf ${id}`);
  if (g.kind !== 'herb' && menusSeen.has('zy')) fail(`non-herb in zy menu ${id}`);
  if (g.kind !== 'device' && menusSeen.has('qx')) fail(`non-device in qx menu ${id}`);

  // brand
  if (g.brandCode !== undefined) {
    if (!brandCodes.has(g.brandCode)) fail(`unknown brand ${g.brandCode} ${id}`);
    inc(brandCount, g.brandCode);
  }

  // quantities
  if (!isInt(g.minQuantity) || !isInt(g.stepQuantity)) fail(`bad min/step ${id}`);
  if (g.minQuantity % g.stepQuantity !== 0) fail(`min not multiple of step ${id}`);
  if (g.minQuantity > 1 || g.stepQuantity > 1) qtyRule++;

  // ladder
  if (g.ladder) {
    const { type, tiers } = g.ladder;
    if (type === 1) ladder1++;
    else ladder2++;
    if (tiers.length < 2) fail(`ladder too short ${id}`);
    if (tiers[0].priceFen !== g.basePriceFen) fail(`first tier != base price ${id}`);
    for (let i = 0; i < tiers.length; i++) {
      const t = tiers[i];
      if (!isInt(t.quantity) || !isInt(t.priceFen)) fail(`ladder non-integer ${id}`);
      if (i > 0) {
        if (t.quantity <= tiers[i - 1].quantity) fail(`ladder quantities not increasing ${id}`);
        if (t.priceFen >= tiers[i - 1].priceFen) fail(`ladder prices not strictly decreasing ${id}`);
      }
    }
    if (type === 1 && tiers[tiers.length - 1].quantity !== 99999)
      fail(`type-1 ladder must end at 99999 ${id}`);
    if (type === 1 && tiers[0].quantity < g.minQuantity) fail(`type-1 first bound below min ${id}`);
    if (type === 2 && tiers[0].quantity !== g.minQuantity) fail(`type-2 first tier != minQuantity ${id}`);
  }

  // stock
  if (!g.stock.length || g.stock[0].warehouse !== 'main') fail(`stock must start with main ${id}`);
  for (const s of g.stock) if (!Number.isInteger(s.quantity) || s.quantity < 0) fail(`bad stock ${id}`);
  if (!g.isBuy || g.stock.some((s) => s.quantity === 0)) stockRule++;

  // tags / zones
  for (const t of g.tags) {
    if (!(TAGS as readonly string[]).includes(t)) fail(`bad tag ${t} ${id}`);
    inc(tagCount, t);
  }
  if (new Set(g.tags).size !== g.tags.length) fail(`duplicate tag ${id}`);
  for (const z of g.zones) {
    if (!(ZONES as readonly string[]).includes(z)) fail(`bad zone ${z} ${id}`);
    inc(zoneCount, z);
  }
  if (new Set(g.zones).size !== g.zones.length) fail(`duplicate zone ${id}`);
  const inYxMenu = menusSeen.has('yx');
  if (g.zones.includes('yx') && !(g.freeShipping || inYxMenu)) fail(`yx goods without free shipping ${id}`);
  if (inYxMenu !== g.zones.includes('yx')) fail(`yx menu/zone mismatch ${id}`);
  if (g.freeShipping && (!isInt(g.freeShipping.number) || g.freeShipping.number % g.stepQuantity !== 0))
    fail(`bad freeShipping ${id}`);
  if (g.zones.includes('jxqzc') && g.shelfLifeMonths > 12)
    fail(`near-expiry goods with long shelf life ${id}`);
  if (g.zones.includes('zyyp') !== (g.kind === 'herb')) fail(`zyyp zone must be exactly the herbs ${id}`);
  if (g.zones.includes('qxzq') && g.kind !== 'device') fail(`qxzq zone non-device ${id}`);
  if (g.zones.includes('ppzq') && !g.brandCode) fail(`ppzq without brand ${id}`);
  if (g.ephedrine) {
    eph++;
    if (g.kind !== 'drug') fail(`ephedrine non-drug ${id}`);
  }
}

// ---- coverage ----
const total = demoGoods.length;
if (total < 320) fail(`only ${total} goods (<320)`);
const want: Record<string, [number, number]> = {
  drug: [190, 215],
  device: [40, 55],
  herb: [45, 60],
  health: [20, 30],
};
for (const [k, [lo, hi]] of Object.entries(want)) {
  const n = kindCount.get(k) ?? 0;
  if (n < lo || n > hi) fail(`kind ${k} count ${n} outside ${lo}-${hi}`);
}
if (eph < 8) fail(`only ${eph} ephedrine goods`);
// 换购 and 赠 are given by the gift rules of the cart seed, not by the catalogue.
for (const t of TAGS.filter((t) => t !== '换购' && t !== '赠'))
  if ((tagCount.get(t) ?? 0) < 10) fail(`tag ${t} has ${tagCount.get(t) ?? 0} goods (<10)`);
for (const z of ZONES)
  if ((zoneCount.get(z) ?? 0) < 10) fail(`zone ${z} has ${zoneCount.get(z) ?? 0} goods (<10)`);
for (const [leaf, menu] of leafMenu) {
  const n = leafCount.get(leaf) ?? 0;
  if (n < 2) fail(`leaf ${leaf} (${menu}) has ${n} goods (<2)`);
}
for (const b of demoBrands) {
  const n = brandCount.get(b.code) ?? 0;
  if (n < 3) fail(`brand ${b.code} has ${n} goods (<3)`);
}
const pct = (n: number) => `${((n / total) * 100).toFixed(1)}%`;
const ladders = ladder1 + ladder2;
if (ladders / total < 0.33 || ladders / total > 0.5) fail(`ladder share ${pct(ladders)} not ~40%`);
if (ladder1 < 20 || ladder2 < 20) fail('both ladder types need 20+ goods');
if (qtyRule / total < 0.18 || qtyRule / total > 0.35) fail(`min/step share ${pct(qtyRule)} not ~25%`);
if (stockRule / total < 0.06 || stockRule / total > 0.16)
  fail(`stock/isBuy share ${pct(stockRule)} not ~10%`);

// ---- summary ----
const fmt = (m: Map<string, number>, keys?: readonly string[]) =>
  (keys ?? [...m.keys()]).map((k) => `${k}=${m.get(k) ?? 0}`).join(' ');
console.log(`goods: ${total}  (${fmt(kindCount, ['drug', 'device', 'herb', 'health'])})`);
console.log(`zones: ${fmt(zoneCount, ZONES)}`);
console.log(`tags:  ${fmt(tagCount, TAGS)}`);
console.log(`scope: ${fmt(scopeCount, [...scopeCodes])}`);
console.log(`ladder: ${ladders} (${pct(ladders)}; type1=${ladder1} type2=${ladder2})`);
console.log(`min/step>1: ${qtyRule} (${pct(qtyRule)})  stock0/notBuy: ${stockRule} (${pct(stockRule)})`);
console.log(`ephedrine: ${eph}  brands: ${demoBrands.length}  scope classes: ${scopeClasses.length}`);
console.log(
  `categories: ${allCodes.size} codes, ${leafMenu.size} leaves (${MENUS.map((m) => `${m}=${[...leafMenu.values()].filter((x) => x === m).length}`).join(' ')})`,
);
console.log(`min goods per leaf: ${Math.min(...[...leafMenu.keys()].map((l) => leafCount.get(l) ?? 0))}`);
console.log(`min goods per brand: ${Math.min(...demoBrands.map((b) => brandCount.get(b.code) ?? 0))}`);
if (errors.length) {
  console.error(`\nFAILED: ${errors.length} problem(s)`);
  for (const e of errors) console.error(` - ${e}`);
  process.exit(1);
}
console.log('\nOK: all catalogue checks passed');
