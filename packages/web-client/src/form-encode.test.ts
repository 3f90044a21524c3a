import fc from 'fast-check';
import qs from 'qs';
import { describe, expect, it } from 'vitest';
import { encodeForm } from './form-encode';

const text = fc.string({ unit: 'grapheme', maxLength: 8 });
const leaf = fc.oneof(
  text,
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
);
const { data } = fc.letrec((tie) => ({
  data: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('data'), { maxLength: 4 }),
    fc.dictionary(text, tie('data'), { maxKeys: 4 }),
  ),
}));
const body = fc.dictionary(text, data, { maxKeys: 5 });

describe('encodeForm', () => {
  it('writes what qs.stringify writes for request bodies (indices)', () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(encodeForm(value, { arrayFormat: 'indices' })).toBe(
          qs.stringify(value, { arrayFormat: 'indices' }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('writes what qs.stringify writes for query strings (brackets, nulls skipped)', () => {
    fc.assert(
      fc.property(body, (value) => {
        expect(encodeForm(value, { arrayFormat: 'brackets', skipNulls: true })).toBe(
          qs.stringify(value, { arrayFormat: 'brackets', skipNulls: true }),
        );
      }),
      { numRuns: 500 },
    );
  });

  it('nests the cart call as the server reads it', () => {
    const encoded = encodeForm(
      { params: [{ goods_id: 1, number: 2 }], remark: '尽快发货 (急)' },
      { arrayFormat: 'indices' },
    );
    expect(encoded).toBe(
      'params%5B0%5D%5Bgoods_id%5D=1&params%5B0%5D%5Bnumber%5D=2&remark=%E5%B0%BD%E5%BF%AB%E5%8F%91%E8%B4%A7%20%28%E6%80%A5%29',
    );
    expect(qs.parse(encoded)).toEqual({ params: [{ goods_id: '1', number: '2' }], remark: '尽快发货 (急)' });
  });

  it('leaves out undefined values and empty arrays, and writes null as empty unless skipped', () => {
    const value = { a: undefined, b: [], c: null, d: [null, 1] };
    expect(encodeForm(value, { arrayFormat: 'indices' })).toBe('c=&d%5B0%5D=&d%5B1%5D=1');
    expect(encodeForm(value, { arrayFormat: 'brackets', skipNulls: true })).toBe('d%5B%5D=1');
  });
});
