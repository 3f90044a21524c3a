import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopeClassCodes } from '../catalog/scope';
import { buyerEligibility, type EligibilityActor, type EligibilityGoods, eligibility } from './eligibility';
import type { BuyerStanding } from './standing';

const standing = (over: Partial<BuyerStanding> = {}): BuyerStanding => ({
  userId: 1,
  companyId: 1,
  qualificationStatus: 'approved',
  qualificationExpiresOn: '2027-06-30',
  businessScope: ['fcfy', 'hxyzj', 'kssz'],
  contractSigned: true,
  disabled: false,
  ...over,
});
const buyer = (over: Partial<BuyerStanding> = {}): EligibilityActor => ({
  kind: 'buyer',
  standing: standing(over),
});
const amoxicillin: EligibilityGoods = {
  name: '阿莫西林胶囊',
  scopeClass: 'kssz',
  rxClass: 'otc_a',
  onSale: true,
  purchasable: true,
  stock: 100,
};
const now = new Date('2026-11-23T04:00:00Z');

describe('eligibility', () => {
  it('allows an approved, in-scope buyer with valid licences and a signed contract', () => {
    expect(eligibility(buyer(), amoxicillin, now)).toEqual({
      price: null,
      add: null,
      buy: null,
      scope: null,
    });
  });

  it('hides the price from a visitor with 登录后查看价格', () => {
    const e = eligibility({ kind: 'visitor' }, amoxicillin, now);
    expect(e.price?.message).toBe('登录后查看价格');
    expect(e.add?.code).toBe('login');
  });

  it('hides the price from a pending buyer and refuses adding', () => {
    const e = eligibility(buyer({ qualificationStatus: 'pending' }), amoxicillin, now);
    expect(e.price?.message).toBe('资质审核通过后可见');
    expect(e.add?.message).toBe('您的资质正在审核中，审核通过后才能采购');
    expect(e.buy?.code).toBe('pending');
  });

  it('refuses a disabled account with 账号已停用，请联系客服', () => {
    const e = eligibility(buyer({ disabled: true }), amoxicillin, now);
    expect(e.price?.message).toBe('账号已停用，请联系客服');
    expect(e.buy?.message).toBe('账号已停用，请联系客服');
  });

  it('refuses out-of-scope goods at add with the missing class', () => {
    const e = eligibility(buyer(), { ...amoxicillin, rxClass: 'rx' }, now);
    expect(e.price).toBeNull();
    expect(e.add?.message).toBe('「阿莫西林胶囊」超出经营范围：需具备「处方药」经营范围');
    expect(e.add?.short).toBe('超出经营范围：需具备「处方药」经营范围');
    expect(e.buy).toEqual(e.add);
  });

  it('checks every goods of a combination package', () => {
    const pack: EligibilityGoods = {
      ...amoxicillin,
      name: '感冒套餐',
      items: [
        { name: '阿莫西林胶囊', scopeClass: 'kssz', rxClass: 'otc_a', purchasable: true },
        { name: '板蓝根颗粒', scopeClass: 'zcy', rxClass: 'otc_b', purchasable: true },
      ],
    };
    expect(eligibility(buyer(), pack, now).add?.message).toBe(
      '「感冒套餐」超出经营范围：需具备「中成药」经营范围',
    );
    const stuck = { ...pack, items: [{ ...pack.items![0], purchasable: false }] };
    expect(eligibility(buyer(), stuck, now).add?.code).toBe('not_purchasable');
  });

  it('refuses off-sale, unpurchasable and sold-out goods at add', () => {
    expect(eligibility(buyer(), { ...amoxicillin, onSale: false }, now).add?.message).toBe(
      '「阿莫西林胶囊」已下架',
    );
    expect(eligibility(buyer(), { ...amoxicillin, purchasable: false }, now).add?.code).toBe(
      'not_purchasable',
    );
    expect(eligibility(buyer(), { ...amoxicillin, stock: 0 }, now).add?.message).toBe(
      '「阿莫西林胶囊」已售罄',
    );
  });

  it('lets an unsigned buyer see and add but not buy (the 459 refusal)', () => {
    const e = eligibility(buyer({ contractSigned: false }), amoxicillin, now);
    expect([e.price, e.add]).toEqual([null, null]);
    expect(e.buy).toMatchObject({ code: 'contract', message: '请先签署电子采购合同' });
  });

  it('holds a licence valid through its expiry day in Beijing, refused from the next Beijing day', () => {
    const actor = buyer({ qualificationExpiresOn: '2026-11-23' });
    // 23:30 on 23 November in Beijing is 15:30 UTC; 00:30 on the 24th is 16:30 UTC.
    expect(eligibility(actor, amoxicillin, new Date('2026-11-23T15:30:00Z')).buy).toBeNull();
    expect(eligibility(actor, amoxicillin, new Date('2026-11-23T16:30:00Z')).buy?.message).toBe(
      '您的资质证件已于2026-11-23过期，请更新后再下单',
    );
    // An expired licence still shows prices and takes cart adds (the buyer may renew meanwhile).
    const late = eligibility(actor, amoxicillin, new Date('2026-11-23T16:30:00Z'));
    expect([late.price, late.add]).toEqual([null, null]);
  });
});

describe('eligibility properties', () => {
  const standings = fc.record({
    userId: fc.constant(1),
    companyId: fc.constant(1),
    qualificationStatus: fc.constantFrom('approved', 'pending', 'rejected'),
    qualificationExpiresOn: fc.option(
      fc
        .date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10)),
    ),
    businessScope: fc.subarray([...scopeClassCodes]),
    contractSigned: fc.boolean(),
    disabled: fc.boolean(),
  });
  const actors: fc.Arbitrary<EligibilityActor> = fc.oneof(
    fc.constant({ kind: 'visitor' as const }),
    standings.map((s) => ({ kind: 'buyer' as const, standing: s })),
  );
  const part = fc.record({
    name: fc.constantFrom('甲', '乙'),
    scopeClass: fc.constantFrom(...scopeClassCodes),
    rxClass: fc.constantFrom('rx', 'otc_a', 'otc_b', 'none'),
    purchasable: fc.boolean(),
  });
  const goods: fc.Arbitrary<EligibilityGoods> = fc.record({
    name: fc.constant('商品'),
    scopeClass: fc.constantFrom(...scopeClassCodes),
    rxClass: fc.constantFrom('rx', 'otc_a', 'otc_b', 'none'),
    onSale: fc.boolean(),
    purchasable: fc.boolean(),
    stock: fc.integer({ min: -1, max: 5 }),
    items: fc.option(fc.array(part, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  });
  const instants = fc.date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true });

  it('never shows a price to a visitor, a disabled account or a buyer not approved', () => {
    fc.assert(
      fc.property(actors, goods, instants, (actor, g, at) => {
        const visible = eligibility(actor, g, at).price === null;
        if (actor.kind === 'visitor') return !visible;
        const s = actor.standing;
        return visible === (!s.disabled && s.qualificationStatus === 'approved');
      }),
    );
  });

  it('adding implies seeing the price, buying implies adding', () => {
    fc.assert(
      fc.property(actors, goods, instants, (actor, g, at) => {
        const e = eligibility(actor, g, at);
        return (e.add !== null || e.price === null) && (e.buy !== null || e.add === null);
      }),
    );
  });

  it('every refusal carries a Chinese message', () => {
    fc.assert(
      fc.property(actors, goods, instants, (actor, g, at) => {
        const e = eligibility(actor, g, at);
        return [e.price, e.add, e.buy].every((v) => v === null || /[\u4e00-\u9fa5]/.test(v.message));
      }),
    );
  });

  it('the buyer half does not depend on the goods', () => {
    fc.assert(
      fc.property(actors, goods, instants, (actor, g, at) => {
        const b = buyerEligibility(actor, at);
        const e = eligibility(actor, g, at);
        const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
        return same(e.price, b.price) && (b.add === null || same(e.add, b.add));
      }),
    );
  });
});
