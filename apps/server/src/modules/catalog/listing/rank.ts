// How well a goods answers a keyword (pure): the in-process index's ranking
// (listing/goods-index.ts). The rules are the keyword search's (search/match.ts) read on one
// goods: a goods matches when its search text holds every word of one of the phrases (the
// keyword, or an alternative an alias expands it to); a maker search (type 1) looks for the
// whole phrase in the maker, its pinyin or initials.
import { codeKind, tokensOf } from '../search/keyword';

/** The fields of a goods the rules read, as the index keeps them (lower case). */
export interface RankedFields {
  /** Name, generic name, approval number, maker, pinyin, initials, SKU, barcode (lower case). */
  text: string;
  name: string;
  commonName: string;
  namePinyin: string;
  nameInitials: string;
  approvalNo: string;
  barcode: string;
  maker: string;
  makerPinyin: string;
  makerInitials: string;
}

export interface Word {
  text: string;
  /** Holds a Chinese character: never found in pinyin or initials. */
  han: boolean;
  /** Three characters or more: also found in the full pinyin. */
  long: boolean;
}

/** A normalized phrase (search/keyword.ts normalizeKeyword) with what its rules depend on. */
export interface Phrase extends Word {
  words: Word[];
  code: ReturnType<typeof codeKind>;
  /** Six UTF-16 units or more: may be a whole approval number. */
  approvalLength: boolean;
}

const han = /\p{Script=Han}/u;

function word(text: string): Word {
  return { text, han: han.test(text), long: [...text].length >= 3 };
}

/** The phrases a search looks for (normalized, once each), those holding a word. */
export function phrasesOf(normalized: readonly string[]): Phrase[] {
  return normalized
    .filter((p) => tokensOf(p).length > 0)
    .map((p) => ({
      ...word(p),
      words: tokensOf(p).map(word),
      code: codeKind(p),
      approvalLength: p.length >= 6,
    }));
}

/** A goods' search text (RankedFields.text) holds every word of the phrase. */
export function holds(text: string, phrase: Phrase): boolean {
  for (const w of phrase.words) if (!text.includes(w.text)) return false;
  return true;
}

/** A maker search: the whole phrase in the maker, its pinyin or its initials. */
export function makerHolds(g: RankedFields, phrase: Phrase): boolean {
  return (
    g.maker.includes(phrase.text) ||
    g.makerPinyin.includes(phrase.text) ||
    g.makerInitials.includes(phrase.text)
  );
}

function exact(g: RankedFields, p: Phrase): boolean {
  return (
    g.name === p.text ||
    g.commonName === p.text ||
    (p.code === 'barcode' && g.barcode === p.text) ||
    (p.code === 'approval' && g.approvalNo.endsWith(p.text)) ||
    (p.approvalLength && g.approvalNo === p.text)
  );
}

function prefix(g: RankedFields, p: Phrase): boolean {
  return (
    g.name.startsWith(p.text) ||
    g.name.includes(` ${p.text}`) ||
    g.commonName.startsWith(p.text) ||
    (!p.han && (g.namePinyin.startsWith(p.text) || g.nameInitials.startsWith(p.text)))
  );
}

function inNameFields(g: RankedFields, w: Word): boolean {
  return (
    g.name.includes(w.text) ||
    g.commonName.includes(w.text) ||
    (!w.han && (g.nameInitials.includes(w.text) || (w.long && g.namePinyin.includes(w.text))))
  );
}

/**
 * 0 the name or generic name is a phrase, or a phrase is its barcode or approval number; 1 the
 * name, a word of it, the generic name, the pinyin or the initials start with a phrase; 2 every
 * word of a phrase is in the name fields; 3 elsewhere (maker, codes).
 */
export function matchTier(g: RankedFields, phrases: readonly Phrase[]): number {
  if (phrases.some((p) => exact(g, p))) return 0;
  if (phrases.some((p) => prefix(g, p))) return 1;
  if (phrases.some((p) => p.words.every((w) => inNameFields(g, w)))) return 2;
  return 3;
}

/** A maker search's tiers: 0 the maker is a phrase, 1 the maker (or its pinyin, initials) starts with one, 2 contained. */
export function makerTier(g: RankedFields, phrases: readonly Phrase[]): number {
  if (phrases.some((p) => g.maker === p.text)) return 0;
  if (
    phrases.some(
      (p) =>
        g.maker.startsWith(p.text) || g.makerPinyin.startsWith(p.text) || g.makerInitials.startsWith(p.text),
    )
  )
    return 1;
  return 2;
}
