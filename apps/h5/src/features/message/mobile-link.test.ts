import { describe, expect, it } from 'vitest';
import { mobileLink } from './mobile-link';

describe('mobileLink', () => {
  it('leads the PC paths of orders, after-sales, payment, goods and licences to their mobile screens', () => {
    expect(mobileLink('/order/info/12')).toBe('/orders/12');
    expect(mobileLink('/order/returnInfo/7')).toBe('/after-sales/7');
    expect(mobileLink('/order/afterSalesInfo/8')).toBe('/after-sales/8');
    expect(mobileLink('/cart/step3/12')).toBe('/pay/12');
    expect(mobileLink('/list/info/3')).toBe('/goods/3');
    expect(mobileLink('/zzzj')).toBe('/licences');
  });
  it('is null for pages the mobile site does not have, and for no link', () => {
    expect(mobileLink('/dzfp')).toBeNull();
    expect(mobileLink('/pzqg/info?id=4')).toBeNull();
    expect(mobileLink('/order/info/12/extra')).toBeNull();
    expect(mobileLink(null)).toBeNull();
  });
});
