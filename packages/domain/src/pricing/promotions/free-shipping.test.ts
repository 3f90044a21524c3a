import { describe, expect, it } from 'vitest';
import { freeShippingGap, isSingleItemFreeShipping, shippingFeeApplies } from './free-shipping';

describe('free shipping', () => {
  it('gap = threshold - selected total - no_trans_order_amount, never negative', () => {
    // 满¥800包邮, ¥500 selected, ¥200 already ordered today.
    expect(freeShippingGap({ thresholdFen: 80000, noTransOrderAmountFen: 20000 }, 50000)).toBe(10000);
    expect(freeShippingGap({ thresholdFen: 80000 }, 50000)).toBe(30000);
    expect(freeShippingGap({ thresholdFen: 80000, noTransOrderAmountFen: 40000 }, 50000)).toBe(0);
    expect(freeShippingGap({ thresholdFen: 0 }, 0)).toBe(0);
    expect(freeShippingGap(null, 0)).toBe(0);
  });
  it('ships a single item free once its quantity reaches free_shipping_number', () => {
    expect(isSingleItemFreeShipping(5, 5)).toBe(true);
    expect(isSingleItemFreeShipping(4, 5)).toBe(false);
    expect(isSingleItemFreeShipping(100, 0)).toBe(false);
    expect(isSingleItemFreeShipping(100, null)).toBe(false);
  });
  it('charges shipping only with a gap and a line that does not ship free', () => {
    expect(shippingFeeApplies(0, [{ singleItemFreeShipping: false }])).toBe(false);
    expect(
      shippingFeeApplies(100, [{ singleItemFreeShipping: true }, { singleItemFreeShipping: true }]),
    ).toBe(false);
    expect(
      shippingFeeApplies(100, [{ singleItemFreeShipping: true }, { singleItemFreeShipping: false }]),
    ).toBe(true);
  });
});
