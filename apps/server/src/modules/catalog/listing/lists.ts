// The catalogue index of each database this process serves (listing/goods-index.ts), kept
// current through the goods change log (db/sql/110_goods_changes.sql). Before it answers, a
// list or a suggestion reads what changed since the last look — one small statement, shared by
// the requests arriving meanwhile — so a list shows every write committed before it was asked,
// by this process or any other. CATALOG_INDEX=0 turns the index off (the lists' statements
// answer instead, as before it).
import { covers, type GoodsListQuery } from '@yaocai/domain';
import { type SQL, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../../db/client';
import { type RawStatement, rawRows, rawRowsNamed, statement } from '../../../db/raw';
import type { ListFilter } from '../list-filter';
import { normalizeKeyword } from '../search/keyword';
import {
  CONTROLLED,
  dayOf,
  type Entry,
  EPHEDRINE,
  GoodsIndex,
  type GoodsTest,
  HAS_EXPIRY,
  IN_STOCK,
  type IndexedGoods,
  type IndexPage,
  ON_SALE,
} from './goods-index';
import { type Phrase, phrasesOf } from './rank';

const enabled = process.env.CATALOG_INDEX !== '0';

/** Goods ids read per statement when the index is built. */
const LOAD_CHUNK = 10_000;
/** An idle process still looks every few seconds (so the log it reads stays short). */
const POLL_MS = 5_000;
/** Change log rows older than this are deleted (db/sql/110_goods_changes.sql). */
const KEEP_MS = 60 * 60 * 1_000;
/** A process that has not looked for this long rebuilds (the rows it missed may be gone). */
const STALE_MS = 30 * 60 * 1_000;
const PRUNE_EVERY_MS = 10 * 60 * 1_000;

/** Where a process's reading of the change log stands (bigint and xid8 values as text). */
export interface Cursor {
  maxSeq: string;
  xmax: string;
  xip: string[];
}

/**
 * What the index keeps of a goods, as one JSON array per goods: PostgreSQL builds the JSON and
 * one JSON.parse reads a chunk (decoding 100,000 rows of 24 fields field by field took seconds).
 * The order is `fromJson`'s. `from` names the goods (g), their category ids (c.ids) and their
 * 控销 controls (k).
 */
const goodsColumns = `id, is_on_sale, name, common_name, name_pinyin, name_initials, manufacturer,
  manufacturer_pinyin, manufacturer_initials, approval_no, barcode, search_text, sales_count, stock_total,
  base_price_fen, created_at, expires_on, brand_id, zones, ephedrine, is_buy, scope_class`;
function goodsJson(goodsWhere: string, linksWhere: string): SQL {
  return sql.raw(`select coalesce(json_agg(json_build_array(g.id, g.is_on_sale, g.name, g.common_name,
    g.name_pinyin, g.name_initials, g.manufacturer, g.manufacturer_pinyin, g.manufacturer_initials,
    g.approval_no, g.barcode, g.search_text, g.sales_count, g.stock_total, g.base_price_fen,
    (extract(epoch from g.created_at) * 1000000)::float8, g.expires_on::text, g.brand_id, g.zones,
    g.ephedrine, g.is_buy, g.scope_class, coalesce(c.ids, '{}'), k.goods_id is not null)), '[]')::text as rows
  from (select ${goodsColumns} from goods where ${goodsWhere}) g
  left join (select goods_id, array_agg(category_id order by category_id) as ids from goods_categories
    where ${linksWhere} group by goods_id) c on c.goods_id = g.id
  left join (select distinct goods_id from goods_sale_controls where ${linksWhere}) k on k.goods_id = g.id`);
}

type GoodsJson = [
  number,
  boolean,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  number,
  number,
  number,
  number,
  string | null,
  number | null,
  string[],
  boolean,
  boolean,
  string,
  number[],
  boolean,
];

function fromJson(j: GoodsJson): IndexedGoods {
  return {
    id: j[0],
    onSale: j[1],
    name: j[2],
    commonName: j[3],
    namePinyin: j[4],
    nameInitials: j[5],
    manufacturer: j[6],
    manufacturerPinyin: j[7],
    manufacturerInitials: j[8],
    approvalNo: j[9],
    barcode: j[10],
    searchText: j[11],
    salesCount: j[12],
    stockTotal: j[13],
    basePriceFen: j[14],
    createdAt: j[15],
    expiresOn: j[16],
    brandId: j[17],
    zones: j[18],
    ephedrine: j[19],
    isBuy: j[20],
    scopeClass: j[21],
    categoryIds: j[22],
    controlled: j[23],
  };
}

const p = (name: string) => sql.placeholder(name);

/** The goods of an id range (the index is built range by range). */
const goodsBetween = statement(
  'catalog_index_goods_between',
  goodsJson('id > $1::int and id <= $2::int', 'goods_id > $1::int and goods_id <= $2::int'),
);
const goodsOfIds = statement(
  'catalog_index_goods_of',
  goodsJson('id = any($1::int[])', 'goods_id = any($1::int[])'),
);
const lastGoods = statement('catalog_index_last_goods', sql`select coalesce(max(id), 0) as id from goods`);

async function goodsRows(db: Db, query: RawStatement, values: unknown[]) {
  const [{ rows }] = await rawRows<{ rows: string }>(db, query, values);
  return (JSON.parse(rows) as GoodsJson[]).map(fromJson);
}

/** The log's end and which transactions were running, read in one snapshot. */
const snapshotText = `pg_snapshot_xmax(pg_current_snapshot())::text as xmax,
  array(select pg_snapshot_xip(pg_current_snapshot())::text) as xip`;
const snapshotColumns = sql.raw(snapshotText);
const feedStart = statement(
  'catalog_index_feed_start',
  sql`select coalesce(max(seq), 0)::text as "maxSeq", ${snapshotColumns} from goods_changes`,
);
/**
 * What changed since the cursor (db/sql/110_goods_changes.sql `goods_changes_since`): rows past
 * its last sequence number, rows of transactions that were running at its snapshot (they may
 * have taken smaller numbers and committed since), and rows of transactions that started after
 * it. The function reads them through the log's two indexes whatever its statistics say, so the
 * statement is planned once; on the pool beside the main one (db/client.ts): a look must not
 * wait behind the list traffic's statements in the main pool's queue, as every list waits for a
 * look.
 */
export const feedSince = statement(
  'catalog_index_feed_since',
  sql`with c as (
      select seq, goods_id from goods_changes_since(${p('maxSeq')}::bigint, ${p('xip')}::xid8[], ${p('xmax')}::xid8))
    select greatest(${p('maxSeq')}::bigint, (select max(seq) from c))::text as "maxSeq", ${snapshotColumns},
      array(select distinct goods_id from c) as ids`,
);
feedSince.generic = true;
// Planned once: its one parameter is an id array.
goodsOfIds.generic = true;

const prune = statement(
  'catalog_index_feed_prune',
  sql`delete from goods_changes where at < now() - ${p('keep')}::int * interval '1 millisecond'`,
);

async function loadAll(db: Db): Promise<IndexedGoods[]> {
  const [{ id: last }] = await rawRows<{ id: number }>(db, lastGoods, []);
  const all: IndexedGoods[] = [];
  for (let after = 0; after < last; after += LOAD_CHUNK)
    all.push(...(await goodsRows(db, goodsBetween, [after, after + LOAD_CHUNK])));
  return all.sort((a, b) => a.id - b.id);
}

/** An index and where its reading of the change log stands. */
interface Reading {
  index: GoodsIndex;
  cursor: Cursor;
}

/** Builds an index of all goods; the cursor is read first, so what commits meanwhile is read again. */
async function freshReading(db: Db): Promise<Reading> {
  const [cursor] = await rawRowsNamed<Cursor>(db, feedStart, {});
  return { cursor, index: await GoodsIndex.build(await loadAll(db)) };
}

/** One database's index and its reading of the change log. */
class Listing {
  private reading: Reading | null = null;
  private building: Promise<GoodsIndex> | null = null;
  private running: Promise<GoodsIndex> | null = null;
  private queued: Promise<GoodsIndex> | null = null;
  private lookedAt = 0;
  private prunedAt = Date.now();
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly db: Db) {}

  /**
   * The index with every change committed before this call; null while it is being built (or
   * cannot be: the database is unreachable or closing), when the lists' statements answer.
   */
  async current(): Promise<GoodsIndex | null> {
    try {
      if (this.reading && Date.now() - this.lookedAt <= STALE_MS) return await this.catchUp();
      // None yet, or one that has not looked for so long that the log it would read is gone.
      this.reading = null;
      this.build().catch(() => undefined);
      return null;
    } catch {
      return null;
    }
  }

  /** Builds the index now; `wait`: before answering (a small catalogue, a bench). */
  async warm(wait: boolean): Promise<void> {
    if (this.reading) return;
    const built = this.build();
    if (wait) await built;
    else built.catch(() => undefined);
  }

  /** A new reading from scratch; the one before answers until it is ready. */
  private build(): Promise<GoodsIndex> {
    this.building ??= (async () => {
      const reading = await freshReading(this.db);
      await this.look(reading);
      this.reading = reading;
      this.timer ??= setInterval(() => void this.catchUp().catch(() => undefined), POLL_MS).unref();
      return reading.index;
    })().finally(() => {
      this.building = null;
    });
    return this.building;
  }

  /**
   * A look at the log that starts after this call: joins the next look when one is running
   * (a running look may have read its snapshot before the caller's write committed).
   */
  private catchUp(): Promise<GoodsIndex> {
    const reading = this.reading;
    if (!reading) return this.build();
    if (!this.running) {
      this.running = this.look(reading).finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.queued = null;
        return this.catchUp();
      });
    return this.queued;
  }

  /** Applies what changed since the reading's cursor; answers its index. */
  private async look(reading: Reading): Promise<GoodsIndex> {
    const [next] = await rawRowsNamed<Cursor & { ids: number[] }>(this.db, feedSince, { ...reading.cursor });
    if (next.ids.length) {
      const fresh = await goodsRows(this.db, goodsOfIds, [next.ids]);
      const found = new Set(fresh.map((g) => g.id));
      reading.index.apply(
        fresh,
        next.ids.filter((id) => !found.has(id)),
      );
    }
    reading.cursor = { maxSeq: next.maxSeq, xmax: next.xmax, xip: next.xip };
    this.lookedAt = Date.now();
    if (reading.index.worn && !this.building) void this.build().catch(() => undefined);
    if (Date.now() - this.prunedAt > PRUNE_EVERY_MS) {
      this.prunedAt = Date.now();
      await rawRowsNamed(this.db, prune, { keep: KEEP_MS });
    }
    return reading.index;
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}

const listings = new WeakMap<object, Listing>();

/** A database handle, not a transaction: the index reads what is committed. */
const isTransaction = (db: DbOrTx) => typeof (db as { rollback?: unknown }).rollback === 'function';

function listingOf(db: Db): Listing {
  let listing = listings.get(db);
  if (!listing) {
    listing = new Listing(db);
    listings.set(db, listing);
  }
  return listing;
}

/**
 * The index of a database, current as of this call (null: off, in a transaction, still being
 * built, or unreachable).
 */
export function catalogIndex(db: DbOrTx): Promise<GoodsIndex | null> {
  if (!enabled || isTransaction(db)) return Promise.resolve(null);
  return listingOf(db as Db).current();
}

/** A catalogue this small (by its highest goods id) is indexed before the server answers. */
const SMALL_CATALOGUE = 20_000;

/**
 * Builds a database's index as the server starts: a small catalogue before it answers (a
 * fraction of a second), a large one while it serves (the lists' statements answer until it is
 * ready, about a second of work at 100,000 goods). CATALOG_INDEX_WAIT=1 waits for any size (the
 * benchmarks measure the index, not its absence).
 */
export async function warmCatalogIndex(db: Db): Promise<void> {
  if (!enabled) return;
  const [{ id: last }] = await rawRows<{ id: number }>(db, lastGoods, []);
  await listingOf(db).warm(last <= SMALL_CATALOGUE || process.env.CATALOG_INDEX_WAIT === '1');
}

/** Stops a database's index looking at its log (the database is closing). */
export function closeCatalogIndex(db: DbOrTx): void {
  listings.get(db)?.close();
  listings.delete(db);
}

/** Filters the index answers (every other one is left to the lists' statements). */
const understood = new Set([
  'keywords',
  'terms',
  'type',
  'no_alias',
  'categoryIds',
  'goodsIds',
  'controlled',
  'sccj',
  'brand_id',
  'zone',
  'tag',
  'on_promotion',
  'badge',
  'in_stock',
  'expiresFrom',
  'nearExpiry',
  'min_price',
  'max_price',
  'buyerScope',
]);

/**
 * The conditions of a goods list on one indexed goods (queries.ts listConditions, the same
 * rules), or null when the filter holds one the index does not know.
 */
export function filterTest(f: ListFilter): GoodsTest | null {
  if (Object.entries(f).some(([key, value]) => value !== undefined && !understood.has(key))) return null;
  // Promotions never cover 含麻 goods; 优 and 新 are not promotions (queries.ts listConditions).
  const noEphedrine =
    Boolean(f.badge) && (f.tag === '满' || f.tag === '秒' || f.tag === '特' || f.on_promotion === 1);
  const flag = (on: boolean, bit: number) => (on ? bit : 0);
  const inStock = f.in_stock === 1;
  const controlled = Boolean(f.controlled);
  // The shelf life (expiresFrom) and the 近效期 window (after and before, both excluded).
  const dated = f.expiresFrom !== undefined || f.nearExpiry !== undefined;
  const firstDay = Math.max(
    f.expiresFrom !== undefined ? dayOf(f.expiresFrom) : -Infinity,
    f.nearExpiry ? dayOf(f.nearExpiry.after) + 1 : -Infinity,
  );
  const lastDay = f.nearExpiry ? dayOf(f.nearExpiry.before) - 1 : Infinity;
  const want = ON_SALE | flag(inStock, IN_STOCK) | flag(controlled, CONTROLLED) | flag(dated, HAS_EXPIRY);
  return {
    mask: want | flag(noEphedrine, EPHEDRINE),
    want,
    minFen: f.min_price !== undefined ? Math.round(f.min_price * 100) : -Infinity,
    maxFen: f.max_price !== undefined ? Math.round(f.max_price * 100) : Infinity,
    brandId: f.brand_id || null,
    zone: f.zone || null,
    firstDay,
    lastDay,
    rest: restTest(f),
  };
}

/**
 * The conditions beyond those of the per-slot arrays (a maker, a promotion's coverage, a
 * listing time), as one function with every value bound, or null when there are none.
 */
function restTest(f: ListFilter): ((e: Entry) => boolean) | null {
  const maker = f.sccj || null;
  const coverages = f.badge?.coverages ?? null;
  const listedAfter = f.badge?.listedAfter ? f.badge.listedAfter.getTime() * 1000 : null;
  if (maker === null && coverages === null && listedAfter === null) return null;
  // Coverage as the promotions decide it; the 含麻 rule is the lists' own (the flags), so the
  // goods is asked about as if it were not 含麻.
  const covered = (e: Entry) =>
    (coverages as NonNullable<typeof coverages>).some((c) =>
      covers(c, {
        goodsId: e.id,
        categoryIds: e.categoryIds,
        brandId: e.brandId,
        zones: e.zones,
        ephedrine: false,
      }),
    );
  return (e) =>
    (maker === null || e.manufacturer === maker) &&
    (coverages === null || covered(e)) &&
    (listedAfter === null || e.createdAt > listedAfter);
}

/** The phrases of a list's keyword and its alternatives (normalized, once each). */
export function listPhrases(f: Pick<ListFilter, 'keywords' | 'terms'>): Phrase[] {
  return phrasesOf([
    ...new Set([f.keywords ?? '', ...(f.terms ?? [])].map(normalizeKeyword).filter(Boolean)),
  ]);
}

/** A goods list from the index: its page's ids and total, or null when the index cannot answer it. */
export async function indexedList(
  db: DbOrTx,
  f: ListFilter,
  sort: GoodsListQuery['sort'],
  offset: number,
  size: number,
  limits: { cap: number; broadRanked: number },
): Promise<IndexPage | null> {
  const phrases = listPhrases(f);
  const test = filterTest(f);
  if (!test) return null;
  const index = await catalogIndex(db);
  if (!index) return null;
  return index.list({
    phrases,
    byMaker: f.type === 1 && phrases.length > 0,
    categoryIds: f.categoryIds,
    goodsIds: f.goodsIds,
    brandId: f.brand_id,
    zone: f.zone,
    test,
    scope: f.buyerScope ?? null,
    sort,
    offset,
    size,
    ...limits,
  });
}
