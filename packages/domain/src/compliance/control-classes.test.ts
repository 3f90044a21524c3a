import { describe, expect, it } from 'vitest';
import { controlClassCodes, listingRefusal } from './control-classes';

describe('never-listable classes', () => {
  it('refuses a goods of a listed class with the reason, and nothing else', () => {
    expect(listingRefusal('vaccine', controlClassCodes)).toBe(
      '疫苗不得通过网络销售，不能上架（站点设置·质量管理）',
    );
    expect(listingRefusal(null, controlClassCodes)).toBeNull();
    expect(listingRefusal('tcm_granule', ['vaccine'])).toBeNull();
    for (const code of controlClassCodes) expect(listingRefusal(code, controlClassCodes)).not.toBeNull();
  });
});
