import { describe, expect, it } from 'vitest';
import { scopeClassCodes } from '../catalog/scope';
import { buyerEligibility, type EligibilityGoods, goodsEligibility, refusalCodes } from './eligibility';
import { goodsUnavailable, unavailableReasons, unavailableText } from './reasons';

const goods: EligibilityGoods = {
  name: '阿莫西林胶囊',
  scopeClass: 'kssz',
  rxClass: 'rx',
  onSale: true,
  purchasable: true,
  stock: 10,
};
const approved = buyerEligibility(
  {
    kind: 'buyer',
    standing: {
      userId: 1,
      companyId: 1,
      qualificationStatus: 'approved',
      companyType: 'pharmacy',
      licences: [
        { id: 1, type: 'business_licence', number: 'B1', validUntil: null, scopes: [] },
        {
          id: 2,
          type: 'drug_licence',
          number: 'D1',
          validUntil: null,
          scopes: ['cfy', 'fcfy', 'hxyzj', 'kssz'],
        },
        { id: 3, type: 'proxy', number: 'P1', validUntil: null, scopes: [] },
      ],
      businessScope: [...scopeClassCodes],
      contractSigned: true,
      disabled: false,
      province: '浙江省',
      city: '杭州市',
    },
  },
  new Date('2026-11-28T04:00:00Z'),
);

describe('unavailable reasons', () => {
  it('reads every refusal code in a few Chinese words, each its own', () => {
    const reasons = refusalCodes.map((code) => unavailableReasons[code]);
    for (const reason of reasons) {
      expect(reason).toMatch(/^[\u4e00-\u9fff，]+$/);
      expect([...reason].length).toBeLessThanOrEqual(14);
    }
    expect(new Set(reasons).size).toBe(refusalCodes.length);
  });

  it('says 暂不可购买 with the reason', () => {
    expect(unavailableText('business_scope')).toBe('暂不可购买：超出经营范围');
    expect(unavailableText('out_of_stock')).toBe('暂不可购买：暂时缺货');
    expect(unavailableText('not_purchasable')).toBe('暂不可购买：商品暂停销售');
  });

  it('carries the rule’s verdict: its code, the short text and the rule’s own message', () => {
    expect(goodsUnavailable(goodsEligibility(approved, goods).add)).toBeNull();
    expect(goodsUnavailable(goodsEligibility(approved, { ...goods, stock: 0 }).add)).toEqual({
      code: 'out_of_stock',
      text: '暂不可购买：暂时缺货',
      detail: null,
    });
    const unpurchasable = goodsUnavailable(goodsEligibility(approved, { ...goods, purchasable: false }).add);
    expect(unpurchasable?.text).toBe('暂不可购买：商品暂停销售');
    // Out of scope: the short reason, and the rule's explanation (which licence grants the class).
    const scope = goodsUnavailable(goodsEligibility(approved, { ...goods, scopeClass: 'zyyp' }).add);
    expect(scope).toMatchObject({ code: 'business_scope', text: '暂不可购买：超出经营范围' });
    expect(scope?.detail).toMatch(/^超出经营范围：/);
    const visitor = goodsUnavailable(
      goodsEligibility(buyerEligibility({ kind: 'visitor' }, new Date()), goods).add,
    );
    expect(visitor).toEqual({ code: 'login', text: '暂不可购买：请先登录', detail: null });
  });
});
