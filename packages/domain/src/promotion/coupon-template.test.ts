import { describe, expect, it } from 'vitest';
import { claimValidity, couponFaceText, coverageText, validityText } from './coupon-template';

describe('claimValidity', () => {
  it('takes whole Beijing days for fixed dates', () => {
    const v = claimValidity({ kind: 'fixed', from: '2026-12-01', to: '2026-12-31' }, new Date());
    expect(v.from.toISOString()).toBe('2026-11-30T16:00:00.000Z');
    expect(v.to.toISOString()).toBe('2026-12-31T15:59:59.000Z');
  });
  it('counts N days from the claim', () => {
    const at = new Date('2026-11-26T03:00:00Z');
    const v = claimValidity({ kind: 'days', days: 7 }, at);
    expect(v.from).toEqual(at);
    expect(v.to.toISOString()).toBe('2026-12-03T03:00:00.000Z');
  });
});

describe('coupon texts', () => {
  it('reads the terms in Chinese', () => {
    expect(validityText({ kind: 'days', days: 7 })).toBe('领取后7天内有效');
    expect(coverageText({ all: true })).toBe('全场通用');
    expect(coverageText({ categoryIds: [3], brandIds: [1] })).toBe('指定分类、指定品牌可用');
    const base = { thresholdFen: 10000, amountFen: 1000, ratePercent: null, maxDiscountFen: 0 };
    expect(couponFaceText({ kind: 'amount_off', ...base })).toBe('满¥100.00减¥10.00');
    expect(couponFaceText({ ...base, kind: 'discount', ratePercent: 90, maxDiscountFen: 2000 })).toBe(
      '满¥100.00 9折 最高减¥20.00',
    );
  });
});
