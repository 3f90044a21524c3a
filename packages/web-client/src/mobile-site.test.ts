import { describe, expect, it } from 'vitest';
import { isPhoneUserAgent, mobilePathFor } from './mobile-site';

const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const androidPhone =
  'Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Mobile Safari/537.36';
const androidTablet =
  'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const ipad =
  'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const desktop =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';

describe('isPhoneUserAgent', () => {
  it('knows phones', () => {
    expect(isPhoneUserAgent(iphone)).toBe(true);
    expect(isPhoneUserAgent(androidPhone)).toBe(true);
  });
  it('leaves tablets and desktops on the PC site', () => {
    expect(isPhoneUserAgent(androidTablet)).toBe(false);
    expect(isPhoneUserAgent(ipad)).toBe(false);
    expect(isPhoneUserAgent(desktop)).toBe(false);
  });
});

describe('mobilePathFor', () => {
  it('opens the same goods, the cart or the orders on the mobile site', () => {
    expect(mobilePathFor('/list/info/42')).toBe('/m/goods/42');
    expect(mobilePathFor('/cart')).toBe('/m/cart');
    expect(mobilePathFor('/order')).toBe('/m/orders');
  });
  it('opens the mobile home for every other page', () => {
    expect(mobilePathFor('/')).toBe('/m/');
    expect(mobilePathFor('/orderly')).toBe('/m/');
    expect(mobilePathFor('/help/xrzn')).toBe('/m/');
  });
});
