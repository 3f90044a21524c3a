import { pinyin } from 'pinyin-pro';
import { normalizeKeyword, tokensOf } from './keyword';

// Which parts of a goods name a search matched, as [start, end) offsets in the name's UTF-16
// code units (what a browser's String.slice takes): the shop marks them (<mark>). Computed on
// the server, which has pinyin-pro; the browser bundle gets ranges, not a pinyin dictionary.

export type Range = [number, number];

interface NameChar {
  start: number;
  end: number;
  /** The character as searched (NFKC, lower case). */
  text: string;
  /** Its pinyin without tone for a Chinese character, else its own text. */
  syllable: string;
}

function charsOf(name: string, withPinyin: boolean): NameChar[] {
  const out: NameChar[] = [];
  let at = 0;
  const chars = [...name];
  const syllables = withPinyin
    ? pinyin(name, { toneType: 'none', type: 'array', nonZh: 'spaced', v: true })
    : [];
  chars.forEach((ch, i) => {
    const text = ch.normalize('NFKC').toLowerCase();
    const syllable = withPinyin && /^[\u3400-\u9fff]$/.test(ch) ? (syllables[i] ?? text).toLowerCase() : text;
    out.push({ start: at, end: at + ch.length, text, syllable });
    at += ch.length;
  });
  return out;
}

/** Ranges where the token occurs in the name's characters as written (布洛芬, vc, 0.25g). */
function literalRanges(chars: NameChar[], token: string): Range[] {
  const found: Range[] = [];
  const texts = chars.map((c) => c.text);
  const want = [...token];
  for (let i = 0; i + want.length <= texts.length; i++) {
    let j = 0;
    while (j < want.length && texts[i + j] === want[j]) j++;
    if (j === want.length) found.push([chars[i].start, chars[i + want.length - 1].end]);
  }
  return found;
}

/**
 * Ranges of the characters whose pinyin spells the token, from a syllable's start: by initials
 * (blf: 布洛芬) or by full syllables, the last one possibly cut short (buluof, bulu: 布洛).
 */
function pinyinRanges(chars: NameChar[], token: string): Range[] {
  if (!/^[a-z]+$/.test(token)) return [];
  const found: Range[] = [];
  for (let i = 0; i < chars.length; i++) {
    if (chars[i].syllable === chars[i].text) continue;
    // Initials.
    let j = 0;
    while (
      j < token.length &&
      i + j < chars.length &&
      chars[i + j].syllable !== chars[i + j].text &&
      chars[i + j].syllable[0] === token[j]
    )
      j++;
    if (j === token.length) {
      found.push([chars[i].start, chars[i + j - 1].end]);
      continue;
    }
    // Full syllables.
    let rest = token;
    let k = i;
    while (rest && k < chars.length && chars[k].syllable !== chars[k].text) {
      const s = chars[k].syllable;
      if (rest.startsWith(s)) rest = rest.slice(s.length);
      else if (s.startsWith(rest)) rest = '';
      else break;
      k++;
    }
    if (!rest && k > i) found.push([chars[i].start, chars[k - 1].end]);
  }
  return found;
}

/** Sorted, with overlapping and touching ranges joined. */
function merged(ranges: Range[]): Range[] {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const out: Range[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r[0] <= last[1]) last[1] = Math.max(last[1], r[1]);
    else out.push([r[0], r[1]]);
  }
  return out;
}

/**
 * The ranges of the name a search for these phrases (the keyword and its alternatives)
 * matched: each word where the name holds it, else where its pinyin or initials spell it.
 */
export function highlightRanges(name: string, phrases: readonly string[]): Range[] {
  const chars = charsOf(name, false);
  let spelled: NameChar[] | null = null;
  const ranges: Range[] = [];
  for (const phrase of phrases)
    for (const token of tokensOf(normalizeKeyword(phrase))) {
      const literal = literalRanges(chars, token);
      if (literal.length) ranges.push(...literal);
      else if (/^[a-z]+$/.test(token)) {
        // Pinyin is read only when letters did not match as written (it costs most of the work).
        spelled ??= charsOf(name, true);
        ranges.push(...pinyinRanges(spelled, token));
      }
    }
  return merged(ranges);
}
