// The in-process catalogue index's keys (listing/goods-index.ts): which goods hold which
// characters and character pairs of their search text, as sorted slot lists.
//
// The same idea as the database's search index (db/sql/100_search.sql), smaller: a key of one
// or two characters is found by its own entry, a longer one by its two rarest pairs, and every
// word is then confirmed on the row. Single latin letters and digits have no entry (nearly every
// goods holds them, in its pinyin and codes): such a key walks the rows. Entries never cross the
// spaces between fields. A gram is a number: a UTF-16 unit, or two of them as the 32-bit integer
// (unit1 << 16) | unit2 (a small integer to V8, never a boxed one: negative above U+7FFF, and
// never equal to a single unit, as no pair starts with a unit below U+0021), so building the
// index allocates no strings.

/** The number of a character pair. */
const pair = (a: number, b: number) => (a << 16) | b;

const SPACE = 32;

/** A single unit with its own entry: anything but ASCII (Chinese characters, full-width signs). */
const indexedSingle = (unit: number) => unit > 127;

/** Calls `visit` with each gram of a search text (a gram may come more than once). */
function eachGram(text: string, visit: (gram: number) => void): void {
  let previous = SPACE;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit !== SPACE) {
      if (indexedSingle(unit)) visit(unit);
      if (previous !== SPACE) visit(pair(previous, unit));
    }
    previous = unit;
  }
}

/** The distinct grams of a search text. */
export function textGrams(text: string): Set<number> {
  const out = new Set<number>();
  eachGram(text, (gram) => out.add(gram));
  return out;
}

/**
 * Where a gram's list lives: latin pairs (pinyin, codes: most grams) and single characters in
 * arrays indexed by the gram, other pairs (those with a Chinese character) in a map.
 */
const ASCII_PAIRS = 128 * 128;
function asciiPair(gram: number): number {
  if (gram >= 0 && gram <= 0xffff) return -1;
  const a = gram >>> 16;
  const b = gram & 0xffff;
  return a < 128 && b < 128 ? a * 128 + b : -1;
}
const isSingle = (gram: number) => gram >= 0 && gram <= 0xffff;

/**
 * The grams a word is looked up by (any of them narrows it down; all of a word's grams are in
 * every text holding it): its own entry when it has one or two units, else its pairs. Null: the
 * word has no entry (a single latin letter or digit).
 */
export function wordGrams(word: string): number[] | null {
  if (word.length === 1) return indexedSingle(word.charCodeAt(0)) ? [word.charCodeAt(0)] : null;
  const grams = new Set<number>();
  for (let i = 1; i < word.length; i++) grams.add(pair(word.charCodeAt(i - 1), word.charCodeAt(i)));
  return [...grams];
}

/**
 * Postings: for each gram, the slots holding it in ascending order. The base is built once from
 * all slots (two passes: count, then fill typed arrays); slots added later (new goods, a goods
 * whose text changed) go to small appendable lists until the next rebuild. Dead slots stay in
 * the lists; the index skips them.
 */
export class Postings {
  private readonly pairs: (Int32Array | undefined)[] = new Array(ASCII_PAIRS);
  private readonly singles: (Int32Array | undefined)[] = new Array(0x10000);
  private readonly others = new Map<number, Int32Array>();
  private readonly added = new Map<number, number[]>();

  /**
   * Builds the base from the texts of slots 0..texts.length-1 (undefined: a dead slot); yields
   * every few thousand texts, so an asynchronous build can let requests run between steps.
   */
  static *build(texts: readonly (string | undefined)[]): Generator<void, Postings> {
    const postings = new Postings();
    // Counts, and the slot that last counted each gram (a text counts a gram once).
    const pairCounts = new Int32Array(ASCII_PAIRS);
    const pairSeen = new Int32Array(ASCII_PAIRS).fill(-1);
    const singleCounts = new Int32Array(0x10000);
    const singleSeen = new Int32Array(0x10000).fill(-1);
    const otherCounts = new Map<number, { count: number; seen: number }>();
    let slot = 0;
    const count = (gram: number) => {
      const p = asciiPair(gram);
      if (p >= 0) {
        if (pairSeen[p] !== slot) {
          pairSeen[p] = slot;
          pairCounts[p] += 1;
        }
      } else if (isSingle(gram)) {
        if (singleSeen[gram] !== slot) {
          singleSeen[gram] = slot;
          singleCounts[gram] += 1;
        }
      } else {
        const c = otherCounts.get(gram);
        if (!c) otherCounts.set(gram, { count: 1, seen: slot });
        else if (c.seen !== slot) {
          c.seen = slot;
          c.count += 1;
        }
      }
    };
    for (slot = 0; slot < texts.length; slot++) {
      const text = texts[slot];
      if (text !== undefined) eachGram(text, count);
      if (slot % STEP === STEP - 1) yield;
    }
    // Fill: the counts become each list's next free place.
    pairSeen.fill(-1);
    singleSeen.fill(-1);
    const pairFill = new Int32Array(ASCII_PAIRS);
    const singleFill = new Int32Array(0x10000);
    for (let p = 0; p < ASCII_PAIRS; p++)
      if (pairCounts[p]) postings.pairs[p] = new Int32Array(pairCounts[p]);
    for (let u = 0; u < 0x10000; u++)
      if (singleCounts[u]) postings.singles[u] = new Int32Array(singleCounts[u]);
    const otherFill = new Map<number, { list: Int32Array; at: number; seen: number }>();
    for (const [gram, c] of otherCounts) {
      const list = new Int32Array(c.count);
      postings.others.set(gram, list);
      otherFill.set(gram, { list, at: 0, seen: -1 });
    }
    const fill = (gram: number) => {
      const p = asciiPair(gram);
      if (p >= 0) {
        if (pairSeen[p] !== slot) {
          pairSeen[p] = slot;
          (postings.pairs[p] as Int32Array)[pairFill[p]++] = slot;
        }
      } else if (isSingle(gram)) {
        if (singleSeen[gram] !== slot) {
          singleSeen[gram] = slot;
          (postings.singles[gram] as Int32Array)[singleFill[gram]++] = slot;
        }
      } else {
        const f = otherFill.get(gram) as { list: Int32Array; at: number; seen: number };
        if (f.seen !== slot) {
          f.seen = slot;
          f.list[f.at++] = slot;
        }
      }
    };
    for (slot = 0; slot < texts.length; slot++) {
      const text = texts[slot];
      if (text !== undefined) eachGram(text, fill);
      if (slot % STEP === STEP - 1) yield;
    }
    return postings;
  }

  private baseOf(gram: number): Int32Array | undefined {
    const p = asciiPair(gram);
    if (p >= 0) return this.pairs[p];
    return isSingle(gram) ? this.singles[gram] : this.others.get(gram);
  }

  /** Adds a slot numbered at or above every slot already added. */
  add(slot: number, text: string): void {
    for (const gram of textGrams(text)) {
      const list = this.added.get(gram);
      if (list) list.push(slot);
      else this.added.set(gram, [slot]);
    }
  }

  /** How many slots hold a gram (dead ones included): a word is looked up by its rarest. */
  size(gram: number): number {
    return (this.baseOf(gram)?.length ?? 0) + (this.added.get(gram)?.length ?? 0);
  }

  /** The slots holding a gram, ascending. */
  slots(gram: number): ArrayLike<number> {
    const base = this.baseOf(gram);
    const added = this.added.get(gram);
    if (!added) return base ?? empty;
    if (!base) return added;
    const all = new Int32Array(base.length + added.length);
    all.set(base);
    all.set(added, base.length);
    return all;
  }
}

const empty = new Int32Array(0);

/** Texts a build step takes (a few milliseconds). */
const STEP = 5_000;

/** The slots in both ascending lists. */
export function intersect(a: ArrayLike<number>, b: ArrayLike<number>): Int32Array {
  const out = new Int32Array(Math.min(a.length, b.length));
  let n = 0;
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    const x = a[i];
    const y = b[j];
    if (x === y) {
      out[n++] = x;
      i++;
      j++;
    } else if (x < y) i++;
    else j++;
  }
  return out.subarray(0, n);
}
