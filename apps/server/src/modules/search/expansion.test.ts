import { describe, expect, it } from 'vitest';
import { expansionOf, MAX_TERMS, synonymIndex } from './expansion';

const index = synonymIndex([
  { term: '扑热息痛', expansions: ['对乙酰氨基酚'], twoWay: true },
  { term: '维C', expansions: ['维生素C'], twoWay: false },
  { term: '消炎药', expansions: ['阿莫西林', '头孢氨苄', '罗红霉素'], twoWay: false },
]);

describe('expansionOf', () => {
  it('expands a term to its names and says what it searched', () => {
    expect(expansionOf(index, '扑热息痛')).toEqual({
      terms: ['扑热息痛', '对乙酰氨基酚'],
      expandedTo: '对乙酰氨基酚',
    });
    expect(expansionOf(index, '消炎药')).toEqual({
      terms: ['消炎药', '阿莫西林', '头孢氨苄', '罗红霉素'],
      expandedTo: '阿莫西林、头孢氨苄、罗红霉素',
    });
  });

  it('a two-way name finds the term silently; a one-way name expands to nothing', () => {
    expect(expansionOf(index, '对乙酰氨基酚')).toEqual({
      terms: ['对乙酰氨基酚', '扑热息痛'],
      expandedTo: null,
    });
    expect(expansionOf(index, '维生素C')).toEqual({ terms: ['维生素C'], expandedTo: null });
    expect(expansionOf(index, '阿莫西林')).toEqual({ terms: ['阿莫西林'], expandedTo: null });
  });

  it('looks terms up trimmed, case- and width-insensitively, keeping what was typed first', () => {
    expect(expansionOf(index, ' 维ｃ ')).toEqual({ terms: ['维ｃ', '维生素C'], expandedTo: '维生素C' });
    expect(expansionOf(index, '')).toEqual({ terms: [], expandedTo: null });
    expect(expansionOf(index, '感冒')).toEqual({ terms: ['感冒'], expandedTo: null });
  });

  it('merges two aliases naming one keyword, without repeating a name', () => {
    const merged = synonymIndex([
      { term: '退烧药', expansions: ['布洛芬', '对乙酰氨基酚'], twoWay: false },
      { term: '扑热息痛', expansions: ['对乙酰氨基酚'], twoWay: true },
      { term: '必理通', expansions: ['对乙酰氨基酚'], twoWay: true },
    ]);
    expect(expansionOf(merged, '对乙酰氨基酚').terms).toEqual(['对乙酰氨基酚', '扑热息痛', '必理通']);
    expect(expansionOf(merged, '退烧药').expandedTo).toBe('布洛芬、对乙酰氨基酚');
  });

  it('caps the terms searched', () => {
    const many = Array.from({ length: 30 }, (_, i) => `药${i}`);
    const big = synonymIndex([{ term: '常用药', expansions: many, twoWay: false }]);
    expect(expansionOf(big, '常用药').terms).toHaveLength(MAX_TERMS);
  });
});
