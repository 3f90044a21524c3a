import { describe, expect, it } from 'vitest';
import { orderLineKindLabels, orderLineKindOfGift } from './order-lines';

describe('order line kinds', () => {
  it('maps gift rules to 赠品 and 换购 lines', () => {
    expect(orderLineKindOfGift(1)).toBe('gift');
    expect(orderLineKindOfGift(2)).toBe('add_on');
    expect(orderLineKindLabels[orderLineKindOfGift(1)]).toBe('赠品');
    expect(orderLineKindLabels[orderLineKindOfGift(2)]).toBe('换购');
  });
});
