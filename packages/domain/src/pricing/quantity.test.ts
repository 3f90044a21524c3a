import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clampQuantity, quantityBounds, stepQuantity, validateQuantity } from './quantity';

// 板蓝根颗粒 10g*20袋: 起购 2 件, 中包装 4 件, 库存 30.
const rule = { min: 2, step: 4, stock: 30 };

describe('validateQuantity', () => {
  it('accepts multiples of the step between the minimum and the stock', () => {
    expect(validateQuantity({ ...rule, quantity: 4 })).toEqual({ ok: true });
    expect(validateQuantity({ ...rule, quantity: 28 })).toEqual({ ok: true });
    expect(validateQuantity({ quantity: 1 })).toEqual({ ok: true });
  });
  it('refuses zero, negative and fractional quantities', () => {
    for (const quantity of [0, -4, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(validateQuantity({ ...rule, quantity })).toEqual({ ok: false, messages: ['数量必须为正整数'] });
    }
  });
  it('explains the minimum, the step and the stock in Chinese', () => {
    expect(validateQuantity({ min: 10, quantity: 5 })).toEqual({ ok: false, messages: ['起购数量为10'] });
    expect(validateQuantity({ ...rule, quantity: 6 })).toEqual({
      ok: false,
      messages: ['购买数量必须是4的整数倍（中包装）'],
    });
    expect(validateQuantity({ ...rule, quantity: 32 })).toEqual({
      ok: false,
      messages: ['库存不足，最多可购买28'],
    });
    expect(validateQuantity({ ...rule, quantity: 33 }).ok).toBe(false);
    expect(validateQuantity({ ...rule, quantity: 33 })).toMatchObject({ messages: { length: 2 } });
  });
  it('rounds the minimum up to the step', () => {
    expect(quantityBounds(rule)).toEqual({ min: 4, max: 28, step: 4 });
    expect(validateQuantity({ ...rule, quantity: 2 })).toEqual({
      ok: false,
      messages: ['起购数量为4', '购买数量必须是4的整数倍（中包装）'],
    });
  });
  it('says nothing may be bought when the stock is gone', () => {
    expect(validateQuantity({ stock: 0, quantity: 1 })).toEqual({
      ok: false,
      messages: ['库存不足，最多可购买0'],
    });
  });
});

describe('clampQuantity and stepQuantity', () => {
  it('rounds up to the step and holds within minimum and stock', () => {
    expect(clampQuantity(0, rule)).toBe(4);
    expect(clampQuantity(-3, rule)).toBe(4);
    expect(clampQuantity(5, rule)).toBe(8);
    expect(clampQuantity(2.5, rule)).toBe(4);
    expect(clampQuantity(99, rule)).toBe(28);
    expect(clampQuantity(Number.NaN, rule)).toBe(4);
    expect(clampQuantity(3, { min: 5, stock: 4 })).toBe(0);
  });
  it('steps by the step', () => {
    expect(stepQuantity(4, 1, rule)).toBe(8);
    expect(stepQuantity(4, -1, rule)).toBe(4);
    expect(stepQuantity(28, 1, rule)).toBe(28);
    expect(stepQuantity(7, 1, { stock: 100 })).toBe(8);
  });
});

describe('quantity properties', () => {
  const ruleArb = fc.record(
    {
      min: fc.integer({ min: 1, max: 20 }),
      step: fc.integer({ min: 1, max: 12 }),
      stock: fc.integer({ min: 0, max: 300 }),
    },
    { requiredKeys: [] },
  );
  const quantityArb = fc.oneof(
    fc.integer({ min: -10, max: 400 }),
    fc.double({ min: -10, max: 400, noNaN: true }),
  );
  it('validation agrees with clamp: valid exactly when clamping changes nothing', () => {
    fc.assert(
      fc.property(ruleArb, quantityArb, (r, quantity) => {
        // Clamp gives 0 when nothing may be bought, and 0 is never a valid quantity.
        const unchanged = clampQuantity(quantity, r) === quantity && quantity !== 0;
        return validateQuantity({ ...r, quantity }).ok === unchanged;
      }),
    );
  });
  it('clamped quantities are valid whenever anything may be bought', () => {
    fc.assert(
      fc.property(ruleArb, quantityArb, (r, quantity) => {
        const clamped = clampQuantity(quantity, r);
        return clamped === 0 || validateQuantity({ ...r, quantity: clamped }).ok;
      }),
    );
  });
});
