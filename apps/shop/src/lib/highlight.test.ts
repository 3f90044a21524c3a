import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

const marked = (text: string, ranges: [number, number][] | undefined) =>
  highlightSegments(text, ranges)
    .map((s) => (s.marked ? `[${s.text}]` : s.text))
    .join('');

describe('highlightSegments', () => {
  it('marks the matched parts of a name', () => {
    expect(marked('999感冒灵颗粒', [[3, 5]])).toBe('999[感冒]灵颗粒');
    expect(marked('感冒清热颗粒', [[0, 2]])).toBe('[感冒]清热颗粒');
    expect(
      marked('布洛芬缓释胶囊 布洛芬', [
        [0, 3],
        [8, 11],
      ]),
    ).toBe('[布洛芬]缓释胶囊 [布洛芬]');
  });
  it('no ranges: the text whole and unmarked', () => {
    expect(highlightSegments('阿莫西林胶囊', undefined)).toEqual([{ text: '阿莫西林胶囊', marked: false }]);
    expect(highlightSegments('', [])).toEqual([{ text: '', marked: false }]);
  });
  it('merges overlapping and touching ranges, sorts them, and clamps those past the text', () => {
    expect(
      marked('维生素C片', [
        [2, 4],
        [0, 3],
      ]),
    ).toBe('[维生素C]片');
    expect(
      marked('维生素C片', [
        [0, 1],
        [1, 2],
      ]),
    ).toBe('[维生]素C片');
    expect(
      marked('维生素C片', [
        [3, 99],
        [-5, 1],
      ]),
    ).toBe('[维]生素[C片]');
    expect(
      marked('维生素C片', [
        [4, 2],
        [9, 12],
      ]),
    ).toBe('维生素C片');
  });
  it('keeps every character exactly once', () => {
    const text = '复方对乙酰氨基酚片(Ⅱ)';
    for (const ranges of [
      [[0, 3]],
      [
        [2, 8],
        [5, 9],
      ],
      [
        [1, 2],
        [3, 4],
        [12, 13],
      ],
    ] as [number, number][][]) {
      expect(
        highlightSegments(text, ranges)
          .map((s) => s.text)
          .join(''),
      ).toBe(text);
    }
  });
});
