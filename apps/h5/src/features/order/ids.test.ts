import { describe, expect, it } from 'vitest';
import { parseIds } from './ids';

describe('parseIds', () => {
  it('reads positive integers, each once', () => {
    expect(parseIds('3, 5,3,8')).toEqual([3, 5, 8]);
  });
  it('drops what is not an id', () => {
    expect(parseIds('a,-1,0,2.5,,7')).toEqual([7]);
    expect(parseIds(null)).toEqual([]);
  });
});
