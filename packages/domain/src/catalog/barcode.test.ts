import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barcodeProblem, gtinCheckDigit, isValidEan13, isValidGtin, withCheckDigit } from './barcode';

const digits = (min: number, max: number) =>
  fc.array(fc.integer({ min: 0, max: 9 }), { minLength: min, maxLength: max }).map((d) => d.join(''));

describe('GTIN / EAN-13 check digit', () => {
  it('accepts the standard worked examples', () => {
    // The usual worked examples of EAN-13, EAN-8 and UPC-A.
    expect(isValidEan13('4006381333931')).toBe(true);
    expect(isValidGtin('96385074')).toBe(true);
    expect(isValidGtin('036000291452')).toBe(true);
  });

  it('every code made by withCheckDigit is valid, at each GTIN length', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(7, 11, 12, 13).chain((n) => digits(n, n)),
        (data) => isValidGtin(withCheckDigit(data)),
      ),
    );
  });

  it('a change of any one digit is caught', () => {
    fc.assert(
      fc.property(digits(12, 12), fc.nat(12), fc.integer({ min: 1, max: 9 }), (data, at, delta) => {
        const code = withCheckDigit(data);
        const changed = `${code.slice(0, at)}${(Number(code[at]) + delta) % 10}${code.slice(at + 1)}`;
        return !isValidEan13(changed);
      }),
    );
  });

  it('a swap of two adjacent digits that differ by other than 5 is caught', () => {
    fc.assert(
      fc.property(digits(12, 12), fc.nat(11), (data, at) => {
        const code = withCheckDigit(data);
        const [a, b] = [Number(code[at]), Number(code[at + 1])];
        fc.pre(a !== b && Math.abs(a - b) !== 5);
        const swapped = `${code.slice(0, at)}${b}${a}${code.slice(at + 2)}`;
        return !isValidEan13(swapped);
      }),
    );
  });

  it('the check digit is the one digit that makes the weighted sum a multiple of ten', () => {
    fc.assert(
      fc.property(digits(12, 12), (data) => {
        const valid = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].filter((d) => isValidEan13(`${data}${d}`));
        return valid.length === 1 && valid[0] === gtinCheckDigit(data);
      }),
    );
  });

  it('says why a barcode is refused, in Chinese', () => {
    expect(barcodeProblem('')).toBeNull();
    expect(barcodeProblem('4006381333931')).toBeNull();
    expect(barcodeProblem('4006381333932')).toBe('条形码校验位不正确，请核对后重新输入');
    expect(barcodeProblem('40063813339')).toBe('条形码须为8、12、13或14位数字');
    expect(barcodeProblem('40O6381333931')).toBe('条形码只能包含数字');
  });
});
