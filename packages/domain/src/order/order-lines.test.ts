import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ephedrineUnits, orderLineKindLabels, orderLineKindOfGift } from './order-lines';

describe('order line kinds', () => {
  it('maps gift rules to 赠品 and 换购 lines', () => {
    expect(orderLineKindOfGift(1)).toBe('gift');
    expect(orderLineKindOfGift(2)).toBe('add_on');
    expect(orderLineKindLabels[orderLineKindOfGift(1)]).toBe('赠品');
    expect(orderLineKindLabels[orderLineKindOfGift(2)]).toBe('换购');
  });
});

describe('ephedrineUnits', () => {
  it('counts single goods, package goods per set x sets, and gifts', () => {
    expect(
      ephedrineUnits([
        { quantity: 3, ephedrine: true },
        { quantity: 5, ephedrine: false },
        // 2 sets of (2 ephedrine + 1 other): 4 units; the package's main goods flag is ignored.
        {
          quantity: 2,
          ephedrine: false,
          items: [
            { quantity: 2, ephedrine: true },
            { quantity: 1, ephedrine: false },
          ],
        },
        { quantity: 4, ephedrine: false, gifts: [{ quantity: 1, ephedrine: true }] },
      ]),
    ).toBe(3 + 4 + 1);
  });
  it('counts nothing without ephedrine goods', () => {
    expect(
      ephedrineUnits([{ quantity: 9, ephedrine: false, gifts: [{ quantity: 2, ephedrine: false }] }]),
    ).toBe(0);
  });
  it('property: the sum over lines equals counting each line alone', () => {
    const unit = fc.record({ quantity: fc.nat(50), ephedrine: fc.boolean() });
    const line = fc.record({
      quantity: fc.nat(50),
      ephedrine: fc.boolean(),
      items: fc.option(fc.array(unit, { minLength: 1, maxLength: 3 }), { nil: undefined }),
      gifts: fc.array(unit, { maxLength: 2 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), (lines) => {
        const total = ephedrineUnits(lines);
        return total === lines.reduce((s, l) => s + ephedrineUnits([l]), 0) && total >= 0;
      }),
    );
  });
});
