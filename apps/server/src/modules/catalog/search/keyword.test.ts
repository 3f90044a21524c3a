import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { codeKind, gramsOf, keywordGrams, normalizeKeyword, tokensOf } from './keyword';

/** search_grams of db/sql/100_search.sql, written again: every 1-, 2- and 3-gram without a space. */
function indexGrams(text: string): Set<string> {
  const chars = [...text];
  const out = new Set<string>();
  for (let n = 1; n <= 3; n++)
    for (let i = 0; i + n <= chars.length; i++) {
      const g = chars.slice(i, i + n).join('');
      if (!g.includes(' ')) out.add(g);
    }
  return out;
}

describe('keyword tokenising', () => {
  it('folds width and case, and splits words on any space', () => {
    expect(normalizeKeyword('  ＶＣ　银翘片 ')).toBe('vc 银翘片');
    expect(normalizeKeyword('布洛芬\t缓释  胶囊')).toBe('布洛芬 缓释 胶囊');
    expect(tokensOf('布洛芬 缓释 布洛芬')).toEqual(['布洛芬', '缓释']);
    expect(tokensOf('')).toEqual([]);
  });

  it('looks a key of one or two characters up as itself, a longer one by its triples', () => {
    expect(gramsOf('钙')).toEqual(['钙']);
    expect(gramsOf('感冒')).toEqual(['感冒']);
    expect(gramsOf('布洛芬')).toEqual(['布洛芬']);
    expect(gramsOf('buluofen')).toEqual(['bul', 'ulu', 'luo', 'uof', 'ofe', 'fen']);
    expect(keywordGrams(['感冒', '颗粒'])).toEqual(['感冒', '颗粒']);
  });

  it('looks a long token up by its two rarest grams only, each a gram of the token', () => {
    const common = new Map([
      ['bul', 0.01],
      ['fen', 0.2],
      ['luo', 0.05],
    ]);
    // uof and ofe are not among the common grams (0): the rarest, in the token's order.
    expect(keywordGrams(['buluofen'], (g) => common.get(g) ?? 0)).toEqual(['ulu', 'uof']);
    expect(keywordGrams(['bul', 'fen'], (g) => common.get(g) ?? 0)).toEqual(['bul', 'fen']);
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom('a', 'b', 'c', '布', '洛'), minLength: 1, maxLength: 12 }),
        fc.func(fc.double({ min: 0, max: 1, noNaN: true })),
        (token, frequency) => {
          const picked = keywordGrams([token], frequency);
          const all = new Set(gramsOf(token));
          return picked.length >= 1 && picked.length <= 2 && picked.every((g) => all.has(g));
        },
      ),
    );
  });

  it("every gram of a key contained in a text is one of the text's index entries (no match is lost)", () => {
    const text = fc.string({
      unit: fc.constantFrom('布', '洛', '芬', '感', '冒', 'a', 'b', '1', ' '),
      maxLength: 30,
    });
    fc.assert(
      fc.property(text, fc.nat(), fc.integer({ min: 1, max: 8 }), (t, at, len) => {
        const chars = [...t];
        const start = at % (chars.length + 1);
        const key = chars.slice(start, start + len).join('');
        return tokensOf(normalizeKeyword(key)).every((token) =>
          gramsOf(token).every((g) => indexGrams(t.toLowerCase()).has(g)),
        );
      }),
    );
  });

  it('knows a barcode and an approval number when it sees one', () => {
    expect(codeKind('6901234567892')).toBe('barcode');
    expect(codeKind('h13023964')).toBe('approval');
    expect(codeKind('国药准字z20063456')).toBe('approval');
    expect(codeKind('1302')).toBeNull();
    expect(codeKind('布洛芬')).toBeNull();
  });
});
