import { describe, expect, it } from 'vitest';
import { tierText } from './format';

describe('the 满减 bar text', () => {
  it('says how much of the selection the activity counts, then the reduction and the next tier', () => {
    expect(tierText(2981.94, 150, '再买¥18.06可减¥30')).toBe(
      '活动商品已选¥2981.94，已减¥150.00，再买¥18.06可减¥30',
    );
  });

  it('says no tier is reached yet, and stops there when no tier is left', () => {
    expect(tierText(120.5, 0, '再买¥379.50可减¥20')).toBe(
      '活动商品已选¥120.50，未满足满减，再买¥379.50可减¥20',
    );
    expect(tierText(5000, 180)).toBe('活动商品已选¥5000.00，已减¥180.00');
  });
});
