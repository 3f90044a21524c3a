import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { covers, isEmptyCoverage } from './coverage';

const goods = { goodsId: 7, categoryIds: [1, 12], brandId: 3, zones: ['yx'], ephedrine: false };

describe('coverage', () => {
  it('covers by goods, category (with ancestors), brand or zone', () => {
    expect(covers({ goodsIds: [7] }, goods)).toBe(true);
    expect(covers({ categoryIds: [1] }, goods)).toBe(true);
    expect(covers({ brandIds: [3] }, goods)).toBe(true);
    expect(covers({ zones: ['yx'] }, goods)).toBe(true);
    expect(covers({ goodsIds: [8], categoryIds: [2], brandIds: [4], zones: ['kxzq'] }, goods)).toBe(false);
  });

  it('excludes listed goods even from an all-goods coverage', () => {
    expect(covers({ all: true }, goods)).toBe(true);
    expect(covers({ all: true, excludeGoodsIds: [7] }, goods)).toBe(false);
    expect(covers({ categoryIds: [1], excludeGoodsIds: [7] }, goods)).toBe(false);
  });

  it('never covers 含麻 goods', () => {
    fc.assert(
      fc.property(
        fc.boolean(),
        fc.array(fc.integer()),
        (all, ids) => !covers({ all, goodsIds: [...ids, 7] }, { ...goods, ephedrine: true }),
      ),
    );
  });

  it('an empty coverage covers nothing and says so', () => {
    expect(isEmptyCoverage({})).toBe(true);
    expect(covers({}, goods)).toBe(false);
    expect(isEmptyCoverage({ brandIds: [3] })).toBe(false);
  });
});
