import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEmail, isMobile, isPhoneOrLandline } from './contact';

describe('contact validation (spec section 5)', () => {
  it('accepts mobile numbers 1[3-9] + 9 digits', () => {
    expect(isMobile('13800000001')).toBe(true);
    expect(isMobile('19912345678')).toBe(true);
    for (const bad of [
      '12800000001',
      '1380000000',
      '138000000011',
      '23800000001',
      '1380000000a',
      ' 13800000001',
    ]) {
      expect(isMobile(bad)).toBe(false);
    }
  });
  it('property: every 1[3-9]xxxxxxxxx string is a mobile', () => {
    fc.assert(
      fc.property(fc.integer({ min: 3, max: 9 }), fc.stringMatching(/^\d{9}$/), (second, rest) =>
        isMobile(`1${second}${rest}`),
      ),
    );
  });
  it('accepts landlines only where allowed', () => {
    expect(isPhoneOrLandline('010-12345678')).toBe(true);
    expect(isPhoneOrLandline('0571-1234567')).toBe(true);
    expect(isPhoneOrLandline('13800000001')).toBe(true);
    expect(isPhoneOrLandline('010-123456')).toBe(false);
    expect(isPhoneOrLandline('10-12345678')).toBe(false);
    expect(isPhoneOrLandline('01012345678')).toBe(false);
  });
  it('checks emails', () => {
    expect(isEmail('buyer_01@yaocai.cn')).toBe(true);
    expect(isEmail('a-b@mail.example.com')).toBe(true);
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail('a b@c.cn')).toBe(false);
    expect(isEmail('a@.cn')).toBe(false);
  });
});
