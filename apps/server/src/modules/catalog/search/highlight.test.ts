import { describe, expect, it } from 'vitest';
import { highlightRanges } from './highlight';

const marked = (name: string, phrases: string[]) =>
  highlightRanges(name, phrases).map(([a, b]) => name.slice(a, b));

describe('highlight ranges', () => {
  it('marks a Chinese keyword where the name holds it, every time', () => {
    expect(marked('999感冒灵颗粒', ['感冒'])).toEqual(['感冒']);
    expect(highlightRanges('999感冒灵颗粒', ['感冒'])).toEqual([[3, 5]]);
    expect(marked('感冒清热颗粒（感冒）', ['感冒'])).toEqual(['感冒', '感冒']);
  });

  it('marks the characters pinyin initials or syllables spell', () => {
    expect(marked('芬必得 布洛芬缓释胶囊', ['blf'])).toEqual(['布洛芬']);
    expect(marked('芬必得 布洛芬缓释胶囊', ['buluofen'])).toEqual(['布洛芬']);
    expect(marked('芬必得 布洛芬缓释胶囊', ['buluof'])).toEqual(['布洛芬']);
    expect(marked('连花清瘟胶囊', ['lhqw'])).toEqual(['连花清瘟']);
  });

  it('marks letters and digits case-insensitively, and each word of a keyword', () => {
    expect(marked('维生素C片', ['vc', '维生素c'])).toEqual(['维生素C']);
    expect(marked('布洛芬缓释胶囊', ['布洛芬 胶囊'])).toEqual(['布洛芬', '胶囊']);
    expect(marked('阿莫西林胶囊', ['扑热息痛', '阿莫西林'])).toEqual(['阿莫西林']);
  });

  it('joins touching parts and marks nothing that is not there', () => {
    expect(highlightRanges('板蓝根颗粒', ['板蓝', '蓝根'])).toEqual([[0, 3]]);
    expect(highlightRanges('板蓝根颗粒', ['头孢'])).toEqual([]);
  });

  it('counts offsets in UTF-16 code units', () => {
    const name = '𠀀布洛芬';
    expect(highlightRanges(name, ['布洛芬'])).toEqual([[2, 5]]);
  });
});
