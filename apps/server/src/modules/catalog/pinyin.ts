import { customPinyin, pinyin } from 'pinyin-pro';

// Drug words pinyin-pro's general dictionary reads wrong, so buyers typing them find nothing:
// 阿胶 is ējiāo (ejiao, ej), not a jiao. Global to pinyin-pro: the highlighter reads alike.
customPinyin({ 阿胶: 'ē jiāo' });

/**
 * Search keys of a Chinese name: full pinyin without tones or spaces, and the initials, both
 * lower case ASCII. Letters and digits in the name are kept (e.g. "维生素C" -> weishengsuc / wssc).
 * pinyin-pro picks readings from context, so polyphones in common words read right
 * (重庆 -> chongqing, 长春 -> changchun, 银行 -> yinhang).
 */
export interface PinyinKeys {
  full: string;
  initials: string;
}

export function pinyinKeys(text: string): PinyinKeys {
  const source = text.normalize('NFKC').trim();
  if (!source) return { full: '', initials: '' };
  const syllables = pinyin(source, {
    toneType: 'none',
    type: 'array',
    nonZh: 'consecutive',
    v: true,
  });
  const full: string[] = [];
  const initials: string[] = [];
  for (const syllable of syllables) {
    const clean = syllable.toLowerCase().replace(/[^a-z0-9]/g, '');
    if (!clean) continue;
    full.push(clean);
    // Non-Chinese runs (digits, latin) are kept whole in the initials, as buyers type them.
    initials.push(/^[a-z]+$/.test(clean) && isChineseSyllable(syllable) ? clean[0] : clean);
  }
  return { full: full.join(''), initials: initials.join('') };
}

function isChineseSyllable(syllable: string): boolean {
  // pinyin-pro returns latin runs unchanged; a Chinese syllable is pure lower-case letters.
  return /^[a-zü]+$/.test(syllable);
}

/** The four search columns of a goods row (`keysOf` may be a memoised pinyinKeys). */
export function goodsPinyinColumns(
  name: string,
  manufacturer: string,
  keysOf: (text: string) => PinyinKeys = pinyinKeys,
) {
  const n = keysOf(name);
  const m = keysOf(manufacturer);
  return {
    namePinyin: n.full,
    nameInitials: n.initials,
    manufacturerPinyin: m.full,
    manufacturerInitials: m.initials,
  };
}
