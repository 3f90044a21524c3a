import { describe, expect, it } from 'vitest';
import { addOnTotal, describeGiftRule, GIFT_TYPE, giftChargeFen, giftUnits } from './gifts';

describe('gifts', () => {
  it('adds the gift total, never a negative or missing one', () => {
    expect(giftChargeFen({ totalFen: 990, type: GIFT_TYPE.addOn })).toBe(990);
    expect(giftChargeFen({ totalFen: 0, type: GIFT_TYPE.gift })).toBe(0);
    expect(giftChargeFen({ totalFen: -5, type: GIFT_TYPE.gift })).toBe(0);
    expect(giftChargeFen(null)).toBe(0);
  });
  it('counts 买10赠1 gifts, once or per multiple, up to a limit', () => {
    expect(giftUnits({ buyQuantity: 10, giftQuantity: 1 }, 9)).toBe(0);
    expect(giftUnits({ buyQuantity: 10, giftQuantity: 1 }, 35)).toBe(1);
    expect(giftUnits({ buyQuantity: 10, giftQuantity: 1, repeat: true }, 35)).toBe(3);
    expect(giftUnits({ buyQuantity: 10, giftQuantity: 1, repeat: true, maxGifts: 2 }, 35)).toBe(2);
  });
  it('unlocks 换购 add-ons at the threshold and prices them', () => {
    // 满¥200 加¥9.90 换购 医用口罩 (at most 2).
    const deal = { thresholdFen: 20000, items: [{ goodsId: 7, priceFen: 990, quantity: 3, maxQuantity: 2 }] };
    expect(addOnTotal(deal, 19000)).toEqual({ unlocked: false, gapFen: 1000, totalFen: 0 });
    expect(addOnTotal(deal, 20000)).toEqual({ unlocked: true, gapFen: 0, totalFen: 1980 });
  });
});

describe('describeGiftRule', () => {
  const base = { unit: '盒', giftName: '稳健 医用棉签(灭菌)', giftUnit: '包', priceFen: 0 };
  it('says a repeating gift with its cap, as giftUnits applies it', () => {
    const rule = {
      ...base,
      type: GIFT_TYPE.gift,
      buyQuantity: 10,
      giftQuantity: 1,
      repeat: true,
      maxGifts: 5,
    };
    expect(describeGiftRule(rule)).toBe('每买10盒赠稳健 医用棉签(灭菌) ×1包，最多赠5包');
    expect(giftUnits(rule, 60)).toBe(5);
  });
  it('says a one-off 换购 with its deal price', () => {
    const rule = {
      type: GIFT_TYPE.addOn,
      buyQuantity: 1,
      giftQuantity: 1,
      unit: '台',
      giftName: '欧姆龙 电子体温计 MC-246',
      giftUnit: '支',
      priceFen: 990,
    };
    expect(describeGiftRule(rule)).toBe('买1台可加¥9.90换购欧姆龙 电子体温计 MC-246 ×1支');
  });
});
