// The catalogue in memory: which goods a list holds, in which order, and how many (pure; the
// database side is listing/lists.ts). It answers the goods lists (browsing and keyword
// searches) and the search suggestions from what each goods is listed by: its search text and
// name fields, sale and stock flags, sales, price, listing time, expiry, brand, zones,
// categories and 控销 control. The rows a page shows are still read from the database by id.
import type { GoodsListQuery } from '@yaocai/domain';
import { intersect, Postings, wordGrams } from './grams';
import { holds, makerHolds, makerTier, matchTier, type Phrase, type RankedFields } from './rank';

/** What a goods is listed by, as the database gives it (listing/lists.ts). */
export interface IndexedGoods {
  id: number;
  onSale: boolean;
  name: string;
  commonName: string;
  namePinyin: string;
  nameInitials: string;
  manufacturer: string;
  manufacturerPinyin: string;
  manufacturerInitials: string;
  approvalNo: string;
  barcode: string;
  searchText: string;
  salesCount: number;
  stockTotal: number;
  basePriceFen: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** ISO date, or null. */
  expiresOn: string | null;
  brandId: number | null;
  zones: string[];
  ephedrine: boolean;
  isBuy: boolean;
  scopeClass: string;
  categoryIds: number[];
  /** It has a 控销 control. */
  controlled: boolean;
}

/**
 * A goods in the index: its fields, its ranked fields in lower case, and its slot. A class, so
 * every entry has one shape (the orders' comparisons read its fields millions of times).
 */
export class Entry implements IndexedGoods {
  id: number;
  onSale!: boolean;
  name: string;
  commonName: string;
  namePinyin: string;
  nameInitials: string;
  manufacturer: string;
  manufacturerPinyin: string;
  manufacturerInitials: string;
  approvalNo: string;
  barcode: string;
  searchText: string;
  salesCount!: number;
  stockTotal!: number;
  basePriceFen!: number;
  createdAt!: number;
  expiresOn!: string | null;
  brandId!: number | null;
  zones!: string[];
  ephedrine!: boolean;
  isBuy!: boolean;
  scopeClass!: string;
  categoryIds!: number[];
  controlled!: boolean;
  ranked: RankedFields;

  constructor(
    g: IndexedGoods,
    readonly slot: number,
  ) {
    this.id = g.id;
    this.name = g.name;
    this.commonName = g.commonName;
    this.namePinyin = g.namePinyin;
    this.nameInitials = g.nameInitials;
    this.manufacturer = g.manufacturer;
    this.manufacturerPinyin = g.manufacturerPinyin;
    this.manufacturerInitials = g.manufacturerInitials;
    this.approvalNo = g.approvalNo;
    this.barcode = g.barcode;
    this.searchText = g.searchText;
    this.ranked = rankedFields(g);
    this.assign(g);
  }

  /** Sets everything but the text fields: at first, and at each change (a new text gives a new slot). */
  assign(g: IndexedGoods): void {
    this.onSale = g.onSale;
    this.salesCount = g.salesCount;
    this.stockTotal = g.stockTotal;
    this.basePriceFen = g.basePriceFen;
    this.createdAt = g.createdAt;
    this.expiresOn = g.expiresOn;
    this.brandId = g.brandId;
    this.zones = g.zones;
    this.ephedrine = g.ephedrine;
    this.isBuy = g.isBuy;
    this.scopeClass = g.scopeClass;
    this.categoryIds = g.categoryIds;
    this.controlled = g.controlled;
  }
}

type Sort = GoodsListQuery['sort'];

/** Orders kept sorted over all live slots; each breaks ties by id as the SQL lists do. */
const orders = {
  id: (a: Entry, b: Entry) => a.id - b.id,
  /** sort=sales, and the walk of a broad keyword's best sellers. */
  salesIdDesc: (a: Entry, b: Entry) => b.salesCount - a.salesCount || b.id - a.id,
  /** A keyword ranking's last keys (sales, then id ascending). */
  salesIdAsc: (a: Entry, b: Entry) => b.salesCount - a.salesCount || a.id - b.id,
  /** price_asc; price_desc walks it backwards (price desc, id desc). */
  price: (a: Entry, b: Entry) => a.basePriceFen - b.basePriceFen || a.id - b.id,
  newest: (a: Entry, b: Entry) => b.createdAt - a.createdAt || b.id - a.id,
  expiryAsc: (a: Entry, b: Entry) => expiry(a, b, 1) || a.id - b.id,
  expiryDesc: (a: Entry, b: Entry) => expiry(a, b, -1) || b.id - a.id,
};
type OrderName = keyof typeof orders;

/** Expiry ascending (direction 1) or descending (-1), goods without one last either way. */
function expiry(a: Entry, b: Entry, direction: 1 | -1): number {
  if (a.expiresOn === b.expiresOn) return 0;
  if (a.expiresOn === null) return 1;
  if (b.expiresOn === null) return -1;
  return a.expiresOn < b.expiresOn ? -direction : direction;
}

/** The fields each order reads: a change of them moves the goods in that order. */
const orderFields: Record<OrderName, (keyof IndexedGoods)[]> = {
  id: [],
  salesIdDesc: ['salesCount'],
  salesIdAsc: ['salesCount'],
  price: ['basePriceFen'],
  newest: ['createdAt'],
  expiryAsc: ['expiresOn'],
  expiryDesc: ['expiresOn'],
};

/** Each list sort as an order walked forwards or backwards. */
const sortOrders: Record<Sort, { order: OrderName; backwards: boolean }> = {
  default: { order: 'id', backwards: false },
  sales: { order: 'salesIdDesc', backwards: false },
  price_asc: { order: 'price', backwards: false },
  price_desc: { order: 'price', backwards: true },
  newest: { order: 'newest', backwards: false },
  expiry_desc: { order: 'expiryDesc', backwards: false },
  expiry_asc: { order: 'expiryAsc', backwards: false },
};

/** The fields of the search text: a change of them gives the goods a new slot (new grams). */
const textFields: (keyof IndexedGoods)[] = [
  'searchText',
  'name',
  'commonName',
  'namePinyin',
  'nameInitials',
  'manufacturer',
  'manufacturerPinyin',
  'manufacturerInitials',
  'approvalNo',
  'barcode',
];

/** Slots in one order, kept sorted as goods come, go and change. */
class SortedSlots {
  private slots = new Int32Array(1024);
  length = 0;
  /** Bumped by every insert and remove: a position table made before is stale. */
  private version = 0;
  private table: { version: number; of: Int32Array } | null = null;
  constructor(
    private readonly entries: (Entry | undefined)[],
    private readonly compare: (a: Entry, b: Entry) => number,
  ) {}

  static of(entries: (Entry | undefined)[], compare: (a: Entry, b: Entry) => number): SortedSlots {
    const order = new SortedSlots(entries, compare);
    const live = entries.filter((e): e is Entry => e !== undefined).sort(compare);
    order.slots = new Int32Array(Math.max(1024, live.length * 1.25));
    live.forEach((e, i) => {
      order.slots[i] = e.slot;
    });
    order.length = live.length;
    return order;
  }

  at(i: number): number {
    return this.slots[i];
  }

  /** The slots from position start to end (not included). */
  slice(start: number, end: number): Int32Array {
    return this.slots.slice(start, end);
  }

  /**
   * Each live slot's position in this order (indexed by slot, `slots` long at least), made again
   * after a change: a browsing list sorts its goods by these numbers instead of comparing them.
   */
  positions(slots: number): Int32Array {
    if (this.table?.version === this.version && this.table.of.length >= slots) return this.table.of;
    const of = new Int32Array(Math.max(slots, this.slots.length));
    for (let i = 0; i < this.length; i++) of[this.slots[i]] = i;
    this.table = { version: this.version, of };
    return of;
  }

  /** Where the entry is, or would go (its key as it is now). */
  private position(e: Entry): number {
    let lo = 0;
    let hi = this.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.compare(this.entries[this.slots[mid]] as Entry, e) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(e: Entry): void {
    if (this.length === this.slots.length) {
      const grown = new Int32Array(this.slots.length * 2);
      grown.set(this.slots);
      this.slots = grown;
    }
    const at = this.position(e);
    this.slots.copyWithin(at + 1, at, this.length);
    this.slots[at] = e.slot;
    this.length += 1;
    this.version += 1;
  }

  /** Removes the entry, found by its key as it is now (before the key changes). */
  remove(e: Entry): void {
    const at = this.position(e);
    if (this.slots[at] !== e.slot) throw new Error(`goods ${e.id} is not where its order says`);
    this.slots.copyWithin(at, at + 1, this.length);
    this.length -= 1;
    this.version += 1;
  }
}

/** Bits of a goods' flags (`flagsOf`): what most lists ask of a goods, kept per slot. */
export const ON_SALE = 1;
export const IN_STOCK = 2;
export const CONTROLLED = 4;
export const EPHEDRINE = 8;
export const HAS_EXPIRY = 16;

export function flagsOf(g: IndexedGoods): number {
  return (
    (g.onSale ? ON_SALE : 0) |
    (g.stockTotal > 0 ? IN_STOCK : 0) |
    (g.controlled ? CONTROLLED : 0) |
    (g.ephedrine ? EPHEDRINE : 0) |
    (g.expiresOn !== null ? HAS_EXPIRY : 0)
  );
}

/** An ISO date as days since 1970-01-01: dates compare as their days do. */
export const dayOf = (iso: string): number => Math.floor(Date.parse(`${iso}T00:00:00Z`) / 86_400_000);

/**
 * A list's filters on one goods: its flags under `mask` equal to `want`, its price within
 * [minFen, maxFen], its brand and zone, its expiry's day within [firstDay, lastDay] (a goods
 * without one is kept out by HAS_EXPIRY in the mask), and the rest on the goods itself (null:
 * no other filter). A list tests all but the rest on the index's per-slot arrays, reaching a
 * goods (scattered in memory: a cache miss each) only for the rest.
 */
export interface GoodsTest {
  mask: number;
  want: number;
  minFen: number;
  maxFen: number;
  brandId: number | null;
  zone: string | null;
  firstDay: number;
  lastDay: number;
  rest: ((e: Entry) => boolean) | null;
}

/** Whether a goods passes a list's filters (the index's per-slot test, on the goods' fields). */
export function passes(t: GoodsTest, g: IndexedGoods): boolean {
  const day = g.expiresOn === null ? 0 : dayOf(g.expiresOn);
  return (
    (flagsOf(g) & t.mask) === t.want &&
    g.basePriceFen >= t.minFen &&
    g.basePriceFen <= t.maxFen &&
    (t.brandId === null || g.brandId === t.brandId) &&
    (t.zone === null || g.zones.includes(t.zone)) &&
    ((t.mask & HAS_EXPIRY) === 0 || (day >= t.firstDay && day <= t.lastDay)) &&
    (t.rest === null || t.rest(g as Entry))
  );
}

/** A list asked of the index. */
export interface IndexQuery {
  /** Keyword phrases (none: browsing). */
  phrases: readonly Phrase[];
  /** A maker search (type 1). */
  byMaker: boolean;
  /** Goods in any of these categories (already expanded to their descendants). */
  categoryIds?: readonly number[];
  /** Only these goods. */
  goodsIds?: readonly number[];
  /** A brand, a zone: where a browsing list may start (the test checks them too). */
  brandId?: number;
  zone?: string;
  /** Every filter, on one goods (on sale included); its price range is also a start. */
  test: GoodsTest;
  /** A keyword ranking's buyable: in stock, buyable, and in this business scope when given. */
  scope: readonly string[] | null;
  sort: Sort;
  offset: number;
  size: number;
  /** Totals stop at this many (LIST_TOTAL_CAP) except a category's, which is exact. */
  cap: number;
  /** Broad keywords rank this many best sellers at least (their ranked walk). */
  broadRanked: number;
}

export interface IndexPage {
  ids: number[];
  total: number;
}

/** The most suggestions a keyword gets, and how many best sellers a broad keyword's are taken from. */
const SUGGESTIONS = 10;
const SUGGESTION_GATHER = 2_000;
const SUGGESTION_BROAD = 60;

/** Suggestions in order: best tier, best seller, text; the first ten. */
function byTierSalesText(groups: { text: string; tier: number; sales: number }[]): string[] {
  return groups
    .sort((a, b) => a.tier - b.tier || b.sales - a.sales || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0))
    .slice(0, SUGGESTIONS)
    .map((g) => g.text);
}

/**
 * The slots filed under one category, brand or zone; while it is unchanged, also as an array
 * in slot order (a browsing list reads it start to end, the per-slot arrays in their order).
 */
class SlotSet {
  private readonly set = new Set<number>();
  private array: Int32Array | null = null;

  add(slot: number): void {
    this.set.add(slot);
    this.array = null;
  }

  delete(slot: number): void {
    this.set.delete(slot);
    this.array = null;
  }

  get slots(): Int32Array {
    this.array ??= Int32Array.from(this.set).sort();
    return this.array;
  }
}

function setOf<K>(map: Map<K, SlotSet>, key: K): SlotSet {
  let set = map.get(key);
  if (!set) {
    set = new SlotSet();
    map.set(key, set);
  }
  return set;
}

const none = new Int32Array(0);

/** The walk of a broad keyword's best sellers (sales, then id, descending). */
const bestSellers = { order: 'salesIdDesc', backwards: false } as const;

/** A goods list's default order of keyword matches: tier, buyable first, sales, id. */
interface RankedSlot {
  e: Entry;
  tier: number;
  buyable: boolean;
}

function byRank(a: RankedSlot, b: RankedSlot): number {
  return (
    a.tier - b.tier ||
    Number(b.buyable) - Number(a.buyable) ||
    b.e.salesCount - a.e.salesCount ||
    a.e.id - b.e.id
  );
}

function rankedFields(g: IndexedGoods): RankedFields {
  return {
    text: g.searchText,
    name: g.name.toLowerCase(),
    commonName: g.commonName.toLowerCase(),
    namePinyin: g.namePinyin.toLowerCase(),
    nameInitials: g.nameInitials.toLowerCase(),
    approvalNo: g.approvalNo.toLowerCase(),
    barcode: g.barcode,
    maker: g.manufacturer.toLowerCase(),
    makerPinyin: g.manufacturerPinyin.toLowerCase(),
    makerInitials: g.manufacturerInitials.toLowerCase(),
  };
}

export class GoodsIndex {
  private entries: (Entry | undefined)[] = [];
  /**
   * Each slot's search text (empty once dead), beside the entries: a search confirms hundreds or
   * thousands of candidates on their text, mostly not in the processor's caches, and reaching it
   * here is two dependent reads where entry, ranked fields and string were four.
   */
  private texts: string[] = [];
  private readonly slotOf = new Map<number, number>();
  private postings: Postings;
  private orders: Record<OrderName, SortedSlots>;
  private readonly byCategory = new Map<number, SlotSet>();
  private readonly byBrand = new Map<number, SlotSet>();
  private readonly byZone = new Map<string, SlotSet>();
  /**
   * Each slot's flags (`flagsOf`; 0 once dead), price, brand (-1: none), zones (a bit each, see
   * `zoneBits`) and expiry day, beside the entries: what a list's test reads (`slotTest`).
   */
  private flags = new Uint8Array(1024);
  private prices = new Int32Array(1024);
  private brands = new Int32Array(1024);
  private zones = new Int32Array(1024);
  private days = new Int32Array(1024);
  /** The first 31 zones met, each a bit of `zones`; a list of any other reads its goods. */
  private readonly zoneBits = new Map<string, number>();
  /** Distinct makers (maker, pinyin, initials) and their slots: a maker search scans these. */
  private readonly makers = new Map<string, { ranked: RankedFields; slots: Set<number> }>();
  /** A mark per slot for membership tests, stamped per query (no clearing). */
  private marks = new Int32Array(1024);
  private stamp = 0;
  /** The slots a browsing list gathered (reused: a list is answered in one synchronous call). */
  private picked = new Int32Array(1024);
  /** Slots given up since the last build (a text changed, a goods left): a rebuild is due when many. */
  dead = 0;

  private constructor() {
    this.postings = new Postings();
    this.orders = {} as Record<OrderName, SortedSlots>;
  }

  /** An index of these goods, built at once. */
  static of(goods: readonly IndexedGoods[]): GoodsIndex {
    const steps = GoodsIndex.steps(goods);
    for (let step = steps.next(); ; step = steps.next()) if (step.done) return step.value;
  }

  /**
   * An index of these goods, built in steps of a few milliseconds with the event loop free
   * between them (a server builds its index while it serves: about a second at 100,000 goods).
   */
  static async build(goods: readonly IndexedGoods[]): Promise<GoodsIndex> {
    const steps = GoodsIndex.steps(goods);
    for (let step = steps.next(); ; step = steps.next()) {
      if (step.done) return step.value;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private static *steps(goods: readonly IndexedGoods[]): Generator<void, GoodsIndex> {
    const index = new GoodsIndex();
    for (let i = 0; i < goods.length; i++) {
      index.place(goods[i]);
      if (i % 5_000 === 4_999) yield;
    }
    index.postings = yield* Postings.build(index.entries.map((e) => e?.searchText));
    for (const name of Object.keys(orders) as OrderName[]) {
      index.orders[name] = SortedSlots.of(index.entries, orders[name]);
      yield;
    }
    return index;
  }

  /** Whether a rebuild from the database would pay (many dead slots). */
  get worn(): boolean {
    return this.dead > 1_000 && this.dead > this.slotOf.size / 4;
  }

  /** Gives a goods a new slot (not yet in the postings or orders). */
  private place(g: IndexedGoods): Entry {
    const e = new Entry(g, this.entries.length);
    this.entries.push(e);
    this.texts.push(e.ranked.text);
    if (e.slot === this.flags.length) {
      const grown = <T extends Uint8Array | Int32Array>(a: T, made: T): T => {
        made.set(a);
        return made;
      };
      const size = this.flags.length * 2;
      this.flags = grown(this.flags, new Uint8Array(size));
      this.prices = grown(this.prices, new Int32Array(size));
      this.brands = grown(this.brands, new Int32Array(size));
      this.zones = grown(this.zones, new Int32Array(size));
      this.days = grown(this.days, new Int32Array(size));
    }
    this.describe(e);
    this.slotOf.set(g.id, e.slot);
    this.link(e);
    this.makerOf(e).slots.add(e.slot);
    return e;
  }

  /** Sets a slot's per-slot fields from its goods. */
  private describe(e: Entry): void {
    this.flags[e.slot] = flagsOf(e);
    this.prices[e.slot] = e.basePriceFen;
    this.brands[e.slot] = e.brandId ?? -1;
    let zones = 0;
    for (const z of e.zones) {
      let bit = this.zoneBits.get(z);
      if (bit === undefined && this.zoneBits.size < 31) {
        bit = 1 << this.zoneBits.size;
        this.zoneBits.set(z, bit);
      }
      zones |= bit ?? 0;
    }
    this.zones[e.slot] = zones;
    this.days[e.slot] = e.expiresOn === null ? 0 : dayOf(e.expiresOn);
  }

  /**
   * A list's test on a slot (`passes`, read off the per-slot arrays): the goods itself is read
   * only for the rest of its filters, or a zone beyond the first 31.
   */
  private slotTest(t: GoodsTest): (slot: number) => boolean {
    const { flags, prices, brands, zones, days, entries } = this;
    const { mask, want, minFen, maxFen, brandId, zone, firstDay, lastDay, rest } = t;
    const dated = (mask & HAS_EXPIRY) !== 0;
    // 0: any zone; -1: a zone without a bit, read off the goods.
    const zoneBit = zone === null ? 0 : (this.zoneBits.get(zone) ?? -1);
    return (slot) =>
      (flags[slot] & mask) === want &&
      prices[slot] >= minFen &&
      prices[slot] <= maxFen &&
      (brandId === null || brands[slot] === brandId) &&
      (zoneBit === 0 ||
        (zoneBit > 0
          ? (zones[slot] & zoneBit) !== 0
          : (entries[slot] as Entry).zones.includes(zone as string))) &&
      (!dated || (days[slot] >= firstDay && days[slot] <= lastDay)) &&
      (rest === null || rest(entries[slot] as Entry));
  }

  /** Files a slot under its categories, brand and zones. */
  private link(e: Entry): void {
    for (const c of e.categoryIds) setOf(this.byCategory, c).add(e.slot);
    if (e.brandId !== null) setOf(this.byBrand, e.brandId).add(e.slot);
    for (const z of e.zones) setOf(this.byZone, z).add(e.slot);
  }

  private unlink(e: Entry): void {
    for (const c of e.categoryIds) this.byCategory.get(c)?.delete(e.slot);
    if (e.brandId !== null) this.byBrand.get(e.brandId)?.delete(e.slot);
    for (const z of e.zones) this.byZone.get(z)?.delete(e.slot);
  }

  private makerOf(e: Entry) {
    const key = `${e.ranked.maker}\u0001${e.ranked.makerPinyin}\u0001${e.ranked.makerInitials}`;
    let maker = this.makers.get(key);
    if (!maker) {
      maker = { ranked: e.ranked, slots: new Set() };
      this.makers.set(key, maker);
    }
    return maker;
  }

  /** Takes a slot out of everything (its goods left or moved to a new slot). */
  private unplace(e: Entry): void {
    for (const order of Object.values(this.orders)) order.remove(e);
    this.unlink(e);
    const maker = this.makerOf(e);
    maker.slots.delete(e.slot);
    this.entries[e.slot] = undefined;
    this.texts[e.slot] = '';
    this.flags[e.slot] = 0;
    this.slotOf.delete(e.id);
    this.dead += 1;
  }

  /**
   * Applies the current state of changed goods: `fresh` as the database holds them now, `gone`
   * the ids it no longer has. A change of the text gives the goods a new slot; any other change
   * is made in place, moving the goods in the orders its change affects.
   */
  apply(fresh: readonly IndexedGoods[], gone: readonly number[] = []): void {
    for (const id of gone) {
      const slot = this.slotOf.get(id);
      if (slot !== undefined) this.unplace(this.entries[slot] as Entry);
    }
    for (const g of fresh) {
      const slot = this.slotOf.get(g.id);
      const old = slot === undefined ? undefined : this.entries[slot];
      if (old && !textFields.some((f) => old[f] !== g[f])) {
        this.update(old, g);
        continue;
      }
      if (old) this.unplace(old);
      const e = this.place(g);
      this.postings.add(e.slot, e.searchText);
      for (const order of Object.values(this.orders)) order.insert(e);
    }
  }

  private update(e: Entry, g: IndexedGoods): void {
    const moved = (Object.keys(orders) as OrderName[]).filter((name) =>
      orderFields[name].some((f) => e[f] !== g[f]),
    );
    for (const name of moved) this.orders[name].remove(e);
    this.unlink(e);
    e.assign(g);
    this.describe(e);
    this.link(e);
    for (const name of moved) this.orders[name].insert(e);
  }

  private nextStamp(): number {
    if (this.marks.length < this.entries.length) this.marks = new Int32Array(this.entries.length * 2);
    this.stamp += 1;
    if (this.stamp === 0x7fffffff) {
      this.marks.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /**
   * Where a phrase's matches are among: the slots of its rarest grams (intersected), and whether
   * each must still be confirmed on its text (not when the phrase is one word of one or two
   * characters: its own entry). Null slots: every slot (a single latin letter or digit).
   */
  private phraseCandidates(p: Phrase): { slots: ArrayLike<number> | null; confirm: boolean } {
    let slots: ArrayLike<number> | null = null;
    const looked = p.words
      .map((w) => wordGrams(w.text))
      .filter((grams): grams is number[] => grams !== null)
      .sort((a, b) => this.rarest(a) - this.rarest(b));
    for (const grams of looked.slice(0, 2)) {
      const sorted = [...grams].sort((a, b) => this.postings.size(a) - this.postings.size(b));
      for (const gram of sorted.slice(0, 2)) {
        const found = this.postings.slots(gram);
        slots = slots ? intersect(slots, found) : found;
      }
    }
    const own = p.words.length === 1 && p.words[0].text.length <= 2 && looked.length === 1;
    return { slots, confirm: !own };
  }

  private rarest(grams: readonly number[]): number {
    let least = Infinity;
    for (const g of grams) least = Math.min(least, this.postings.size(g));
    return least;
  }

  /** Whether a search finds a goods (any phrase; a maker search in the maker fields). */
  private finds(e: Entry, phrases: readonly Phrase[], byMaker: boolean): boolean {
    for (const p of phrases) if (byMaker ? makerHolds(e.ranked, p) : holds(e.ranked.text, p)) return true;
    return false;
  }

  /**
   * The goods a search finds that pass `test`, in no particular order, stopping once there are
   * more than `limit` (a broad search is then walked in an order instead).
   */
  private matches(
    phrases: readonly Phrase[],
    byMaker: boolean,
    test: (e: Entry) => boolean,
    limit: number,
  ): Entry[] {
    const out: Entry[] = [];
    const stamp = phrases.length > 1 ? this.nextStamp() : 0;
    const take = (slot: number, confirm: ((slot: number) => boolean) | null): boolean => {
      if (stamp) {
        if (this.marks[slot] === stamp) return false;
      }
      if (confirm && !confirm(slot)) return false;
      const e = this.entries[slot];
      if (!e || !test(e)) return false;
      if (stamp) this.marks[slot] = stamp;
      out.push(e);
      return out.length > limit;
    };
    if (byMaker) {
      for (const maker of this.makers.values())
        if (phrases.some((p) => makerHolds(maker.ranked, p)))
          for (const slot of maker.slots) if (take(slot, null)) return out;
      return out;
    }
    for (const p of phrases) {
      const { slots, confirm } = this.phraseCandidates(p);
      const texts = this.texts;
      const check = confirm ? (slot: number) => holds(texts[slot], p) : null;
      if (slots) {
        for (let i = 0; i < slots.length; i++) if (take(slots[i], check)) return out;
      } else for (let slot = 0; slot < this.entries.length; slot++) if (take(slot, check)) return out;
    }
    return out;
  }

  /**
   * The sets of slots a browsing list starts from before its test: its categories', its goods',
   * its brand's or zone's, those of its price range (a stretch of the price order), or null (all).
   */
  private starts(q: IndexQuery): ArrayLike<number>[] | null {
    if (q.categoryIds) return q.categoryIds.map((c) => this.byCategory.get(c)?.slots ?? none);
    if (q.goodsIds)
      return [q.goodsIds.map((id) => this.slotOf.get(id)).filter((s): s is number => s !== undefined)];
    if (q.brandId !== undefined) return [this.byBrand.get(q.brandId)?.slots ?? none];
    if (q.zone !== undefined) return [this.byZone.get(q.zone)?.slots ?? none];
    const { minFen, maxFen } = q.test;
    if (minFen > -Infinity || maxFen < Infinity) return [this.priceRange(minFen, maxFen)];
    return null;
  }

  /** The slots priced within [min, max] fen: a stretch of the price order, found by halving. */
  private priceRange(min = -Infinity, max = Infinity): Int32Array {
    const order = this.orders.price;
    const first = (bound: number, inclusive: boolean) => {
      let lo = 0;
      let hi = order.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        const price = (this.entries[order.at(mid)] as Entry).basePriceFen;
        if (inclusive ? price < bound : price <= bound) lo = mid + 1;
        else hi = mid;
      }
      return lo;
    };
    return order.slice(first(min, true), first(max, false));
  }

  /** Appends a slot to the browsing list's gathered slots; answers how many there are now. */
  private gathered(n: number, slot: number): number {
    if (n === this.picked.length) {
      const grown = new Int32Array(this.picked.length * 2);
      grown.set(this.picked);
      this.picked = grown;
    }
    this.picked[n] = slot;
    return n + 1;
  }

  /**
   * The slots of the starting sets that pass `test`, each once (a goods in two of a list's
   * categories is marked), into `picked`; answers how many.
   */
  private gather(starts: readonly ArrayLike<number>[], test: (slot: number) => boolean): number {
    const stamp = this.nextStamp();
    const { marks } = this;
    let n = 0;
    for (const slots of starts)
      for (let i = 0; i < slots.length; i++) {
        const slot = slots[i];
        if (marks[slot] === stamp) continue;
        marks[slot] = stamp;
        if (test(slot)) n = this.gathered(n, slot);
      }
    return n;
  }

  /**
   * Goods `skip` to `end`, in a sort's order, of the first n gathered slots. Walking the order
   * meets the page after about end × (all goods / n) goods; sorting the n goods' positions in
   * the order (numbers, no comparisons of goods) costs about n log n: the cheaper is taken.
   */
  private pageOfGathered(
    n: number,
    how: { order: OrderName; backwards: boolean },
    skip: number,
    end: number,
  ): Entry[] {
    const last = Math.min(end, n);
    if (skip >= last) return [];
    const order = this.orders[how.order];
    const found: Entry[] = [];
    if ((end * order.length) / n <= 4 * n) {
      const stamp = this.nextStamp();
      for (let i = 0; i < n; i++) this.marks[this.picked[i]] = stamp;
      let seen = 0;
      for (let i = 0; i < order.length && seen < last; i++) {
        const slot = order.at(how.backwards ? order.length - 1 - i : i);
        if (this.marks[slot] !== stamp) continue;
        if (seen >= skip) found.push(this.entries[slot] as Entry);
        seen += 1;
      }
      return found;
    }
    const position = order.positions(this.entries.length);
    const keys = new Int32Array(n);
    for (let i = 0; i < n; i++) keys[i] = position[this.picked[i]];
    keys.sort();
    for (let k = skip; k < last; k++)
      found.push(this.entries[order.at(keys[how.backwards ? n - 1 - k : k])] as Entry);
    return found;
  }

  /** One page of a list (ids in order) and its total. */
  list(q: IndexQuery): IndexPage {
    if (q.phrases.length) return this.searchList(q);
    const how = sortOrders[q.sort];
    const end = q.offset + q.size;
    const starts = this.starts(q);
    const passes = this.slotTest(q.test);
    if (starts) {
      const n = this.gather(starts, passes);
      // A category's total is exact; a brand's, a zone's, a price range's stops at the cap.
      const total = q.categoryIds ? n : Math.min(n, q.cap);
      return { ids: this.pageOfGathered(n, how, q.offset, end).map((e) => e.id), total };
    }
    // The whole catalogue: its goods passing the filters counted up to the cap and one more (the
    // total says "2000+" beyond); the page of a broad list is found walking the sort's order.
    const ids = this.orders.id;
    let n = 0;
    for (let i = 0; i < ids.length && n <= q.cap; i++) {
      const slot = ids.at(i);
      if (passes(slot)) n = this.gathered(n, slot);
    }
    const total = Math.min(n, q.cap);
    if (n <= q.cap) return { ids: this.pageOfGathered(n, how, q.offset, end).map((e) => e.id), total };
    const test = (e: Entry) => passes(e.slot);
    return { ids: this.walk(test, how, q.offset, end).map((e) => e.id), total };
  }

  /**
   * A keyword search: its matches (at most the cap) sorted or ranked; a broad one (more than the
   * cap) walks the sort's order, or its best sellers for the ranking, testing each goods.
   */
  private searchList(q: IndexQuery): IndexPage {
    const end = q.offset + q.size;
    const passes = this.slotTest(q.test);
    const test = (e: Entry) => passes(e.slot);
    const found = this.matches(q.phrases, q.byMaker, test, q.cap);
    const broad = found.length > q.cap;
    const total = Math.min(found.length, q.cap);
    const member = (e: Entry) => this.finds(e, q.phrases, q.byMaker) && test(e);
    if (q.sort === 'default') {
      const pool = broad ? this.walk(member, bestSellers, 0, Math.max(q.broadRanked, end)) : found;
      return { ids: this.rank(q, pool).slice(q.offset, end), total };
    }
    const how = sortOrders[q.sort];
    if (broad) return { ids: this.walk(member, how, q.offset, end).map((e) => e.id), total };
    const compare = orders[how.order];
    found.sort(how.backwards ? (a, b) => compare(b, a) : compare);
    return { ids: found.slice(q.offset, end).map((e) => e.id), total };
  }

  /** A keyword's ranking of these goods: tier, buyable for the viewer first, best seller, id. */
  private rank(q: IndexQuery, pool: readonly Entry[]): number[] {
    const tierOf = q.byMaker ? makerTier : matchTier;
    const scoped = q.scope?.length && !q.byMaker ? q.scope : null;
    return pool
      .map((e) => ({
        e,
        tier: tierOf(e.ranked, q.phrases),
        buyable: e.stockTotal > 0 && e.isBuy && (!scoped || scoped.includes(e.scopeClass)),
      }))
      .sort(byRank)
      .map((r) => r.e.id);
  }

  /**
   * Goods `skip` to `end` of an order among `members` (a list of entries, or a test each goods
   * of the order must pass).
   */
  private walk(
    members: Entry[] | ((e: Entry) => boolean),
    how: { order: OrderName; backwards: boolean },
    skip: number,
    end: number,
  ): Entry[] {
    const listed = Array.isArray(members);
    const stamp = listed ? this.nextStamp() : 0;
    if (listed) for (const e of members) this.marks[e.slot] = stamp;
    const order = this.orders[how.order];
    const found: Entry[] = [];
    let seen = 0;
    for (let i = 0; i < order.length && seen < end; i++) {
      const slot = order.at(how.backwards ? order.length - 1 - i : i);
      const e = this.entries[slot] as Entry;
      if (listed ? this.marks[slot] !== stamp : !members(e)) continue;
      if (seen >= skip) found.push(e);
      seen += 1;
    }
    return found;
  }

  /**
   * Up to ten distinct goods names (type 1: makers) a keyword finds on sale, ranked by their best
   * tier, then their best seller, then the text; a broad keyword's (more than 2,000 matches)
   * from its 60 best sellers.
   */
  /**
   * A maker search's suggestions: every maker it finds with goods on sale, by its tier, then its
   * best seller, then its name (each maker weighed on all its goods, where the database's
   * statement weighed the first 2,001 goods found).
   */
  private suggestMakers(phrases: readonly Phrase[]): string[] {
    const groups: { text: string; tier: number; sales: number }[] = [];
    for (const maker of this.makers.values()) {
      if (!phrases.some((p) => makerHolds(maker.ranked, p))) continue;
      let sales = -1;
      let text = '';
      for (const slot of maker.slots) {
        const e = this.entries[slot] as Entry;
        if (e.onSale && e.salesCount > sales) {
          sales = e.salesCount;
          text = e.manufacturer;
        }
      }
      if (sales >= 0) groups.push({ text, tier: makerTier(maker.ranked, phrases), sales });
    }
    return byTierSalesText(groups);
  }

  suggest(phrases: readonly Phrase[], byMaker: boolean): string[] {
    if (!phrases.length) return [];
    if (byMaker) return this.suggestMakers(phrases);
    const onSale = (e: Entry) => e.onSale;
    const matched = this.matches(phrases, byMaker, onSale, SUGGESTION_GATHER);
    const pool =
      matched.length > SUGGESTION_GATHER && !byMaker
        ? this.walk((e) => e.onSale && this.finds(e, phrases, false), bestSellers, 0, SUGGESTION_BROAD)
        : matched;
    const tierOf = byMaker ? makerTier : matchTier;
    const groups = new Map<string, { text: string; tier: number; sales: number }>();
    for (const e of pool) {
      const text = byMaker ? e.manufacturer : e.name;
      const tier = tierOf(e.ranked, phrases);
      const group = groups.get(text);
      if (!group) groups.set(text, { text, tier, sales: e.salesCount });
      else {
        group.tier = Math.min(group.tier, tier);
        group.sales = Math.max(group.sales, e.salesCount);
      }
    }
    return byTierSalesText([...groups.values()]);
  }
}
