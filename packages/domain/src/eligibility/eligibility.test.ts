import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scopeClassCodes } from '../catalog/scope';
import { type Licence, licenceTypes } from '../compliance/licences';
import {
  buyerEligibility,
  type EligibilityActor,
  type EligibilityGoods,
  eligibility,
  shipRefusal,
  spendRefusal,
} from './eligibility';
import { saleControlRefusal } from './sale-control';
import type { BuyerStanding } from './standing';

/** A pharmacy's three required licences; the drug licence prints fcfy, hxyzj and kssz. */
const pharmacyLicences = (drugUntil: string | null = '2027-06-30'): Licence[] => [
  { id: 1, type: 'business_licence', number: 'B1', validUntil: null, scopes: [] },
  { id: 2, type: 'drug_licence', number: 'D1', validUntil: drugUntil, scopes: ['fcfy', 'hxyzj', 'kssz'] },
  { id: 3, type: 'proxy', number: 'P1', validUntil: '2027-12-31', scopes: [] },
];
const standing = (over: Partial<BuyerStanding> = {}): BuyerStanding => ({
  userId: 1,
  companyId: 1,
  qualificationStatus: 'approved',
  companyType: 'pharmacy',
  licences: pharmacyLicences(),
  businessScope: ['fcfy', 'hxyzj', 'kssz', 'qx1'],
  contractSigned: true,
  disabled: false,
  province: '浙江省',
  city: '杭州市',
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

  it('refuses a disabled account: 账号已停用 in place of prices, and neither add nor buy', () => {
    const e = eligibility(buyer({ disabled: true }), amoxicillin, now);
    expect(e.price?.message).toBe('账号已停用，请联系客服');
    expect(e.add?.message).toBe('企业账户已停用，暂不能下单或付款，如有疑问请联系客服');
    expect(e.buy).toEqual(e.add);
  });

  it('refuses out-of-scope goods at add with the missing class', () => {
    const e = eligibility(buyer(), { ...amoxicillin, rxClass: 'rx' }, now);
    expect(e.price).toBeNull();
    expect(e.add?.message).toBe(
      '「阿莫西林胶囊」超出经营范围：需具备「处方药」经营范围，请上传载明该范围的「药品经营许可证」或「医疗机构执业许可证」',
    );
    expect(e.add?.short).toBe(
      '超出经营范围：需具备「处方药」经营范围，请上传载明该范围的「药品经营许可证」或「医疗机构执业许可证」',
    );
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
      '「感冒套餐」超出经营范围：需具备「中成药」经营范围，请上传载明该范围的「药品经营许可证」或「医疗机构执业许可证」',
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
    const actor = buyer({ licences: pharmacyLicences('2026-11-23') });
    // 23:30 on 23 November in Beijing is 15:30 UTC; 00:30 on the 24th is 16:30 UTC.
    expect(eligibility(actor, amoxicillin, new Date('2026-11-23T15:30:00Z')).buy).toBeNull();
    const late = eligibility(actor, amoxicillin, new Date('2026-11-23T16:30:00Z'));
    expect(late.buy).toMatchObject({
      code: 'expired',
      message: '您的「药品经营许可证」已于2026-11-23过期，请上传新证件后再下单',
    });
    // An expired licence still shows prices; its scope is gone, so the goods it granted are
    // refused at add with the licence named.
    expect(late.price).toBeNull();
    expect(late.add?.short).toBe(
      '超出经营范围：「非处方药」经营范围来自您已过期的「药品经营许可证」（2026-11-23），请上传新证件',
    );
  });

  it('a long-term licence never expires', () => {
    const actor = buyer({ licences: pharmacyLicences(null) });
    expect(eligibility(actor, amoxicillin, new Date('2027-11-01T00:00:00Z')).buy).toBeNull();
  });

  it('refuses buying while a required licence is missing, naming it', () => {
    const withoutProxy = pharmacyLicences().filter((l) => l.type !== 'proxy');
    expect(eligibility(buyer({ licences: withoutProxy }), amoxicillin, now).buy).toMatchObject({
      code: 'licence',
      message: '缺少「采购委托书」，请上传后再下单',
    });
  });

  it('reads the scope from the licences, capped by the confirmed scope', () => {
    // The drug licence prints 中成药 but the company was confirmed without it.
    const licences = pharmacyLicences().map((l) =>
      l.type === 'drug_licence' ? { ...l, scopes: [...l.scopes, 'zcy'] } : l,
    );
    const tcm = { ...amoxicillin, name: '板蓝根颗粒', scopeClass: 'zcy' };
    expect(eligibility(buyer({ licences }), tcm, now).add?.short).toBe(
      '超出经营范围：「中成药」不在贵司核定的经营范围内，如需经营请联系客服',
    );
    expect(eligibility(buyer({ licences, businessScope: ['fcfy', 'zcy'] }), tcm, now).add).toBeNull();
    // A code the licence's type cannot grant does not count, whatever the licence says.
    const device = { ...amoxicillin, name: '医用口罩', scopeClass: 'qx1', rxClass: 'none' };
    expect(eligibility(buyer(), device, now).add?.short).toContain('需具备「一类医疗器械」经营范围');
    const printed = pharmacyLicences().map((l) =>
      l.type === 'drug_licence' ? { ...l, scopes: ['qx1'] } : l,
    );
    expect(eligibility(buyer({ licences: printed }), device, now).add?.code).toBe('business_scope');
    const granted = pharmacyLicences().map((l) =>
      l.type === 'business_licence' ? { ...l, scopes: ['qx1'] } : l,
    );
    expect(eligibility(buyer({ licences: granted }), device, now).add).toBeNull();
  });

  it('a clinic whose licence prints devices only is told which licence grants 处方药', () => {
    const clinic = buyer({
      companyType: 'clinic',
      businessScope: ['qx1', 'qx2'],
      licences: [
        { id: 1, type: 'medical_licence', number: 'M1', validUntil: '2030-01-01', scopes: ['qx1', 'qx2'] },
        { id: 2, type: 'proxy', number: 'P1', validUntil: null, scopes: [] },
      ],
    });
    const rx = eligibility(clinic, { ...amoxicillin, rxClass: 'rx' }, now);
    expect(rx.add?.short).toBe(
      '超出经营范围：需具备「处方药」经营范围，请上传载明该范围的「药品经营许可证」或「医疗机构执业许可证」',
    );
    const mask = { ...amoxicillin, name: '医用口罩', scopeClass: 'qx2', rxClass: 'none' };
    expect(eligibility(clinic, mask, now)).toEqual({ price: null, add: null, buy: null, scope: null });
  });
});

describe('eligibility properties', () => {
  const standings = fc.record({
    userId: fc.constant(1),
    companyId: fc.constant(1),
    qualificationStatus: fc.constantFrom('approved', 'pending', 'rejected'),
    companyType: fc.constantFrom('pharmacy', 'chain', 'clinic', 'other'),
    licences: fc.array(
      fc.record({
        id: fc.nat(),
        type: fc.constantFrom(...licenceTypes.map((t) => t.code)),
        number: fc.constant('N'),
        validUntil: fc.option(
          fc
            .date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        ),
        scopes: fc.subarray([...scopeClassCodes]),
      }),
      { maxLength: 5 },
    ),
    businessScope: fc.subarray([...scopeClassCodes]),
    contractSigned: fc.boolean(),
    disabled: fc.boolean(),
    province: fc.constantFrom('浙江省', '江苏省'),
    city: fc.constantFrom('杭州市', '苏州市'),
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
    control: fc.option(
      fc.record({
        customerTypes: fc.subarray(['pharmacy', 'chain', 'clinic', 'other']),
        regions: fc.subarray([
          { province: '浙江省', city: null },
          { province: '江苏省', city: '苏州市' },
        ]),
      }),
      { nil: null },
    ),
    items: fc.option(fc.array(part, { minLength: 1, maxLength: 3 }), { nil: undefined }),
  });
  const instants = fc.date({ min: new Date('2025-01-01'), max: new Date('2028-01-01'), noInvalidDate: true });

  it('never shows a price to a visitor, a disabled account or a buyer not approved', () => {
    fc.assert(
      fc.property(actors, goods, instants, (actor, g, at) => {
        const visible = eligibility(actor, g, at).price === null;
        if (actor.kind === 'visitor') return !visible;
        const s = actor.standing;
        return (
          visible ===
          (!s.disabled && s.qualificationStatus === 'approved' && saleControlRefusal(g.control, s) === null)
        );
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

  it('the buyer half does not depend on the goods (a 控销 control may only hide more)', () => {
    fc.assert(
      fc.property(actors, goods, instants, (actor, g, at) => {
        const b = buyerEligibility(actor, at);
        const e = eligibility(actor, g, at);
        const same = (x: unknown, y: unknown) => JSON.stringify(x) === JSON.stringify(y);
        const price =
          b.price !== null
            ? same(e.price, b.price)
            : e.price === null || e.price.code === 'control_type' || e.price.code === 'control_region';
        return price && (b.add === null || same(e.add, b.add));
      }),
    );
  });
});

describe('what a disabled company may do', () => {
  const standingArb = fc.record({
    disabled: fc.boolean(),
    qualificationStatus: fc.constantFrom('approved', 'pending', 'rejected'),
    contractSigned: fc.boolean(),
    drugUntil: fc.constantFrom(null, '2020-01-01', '2027-06-30'),
  });

  it('may not spend, with one message for every money path; an enabled buyer may', () => {
    expect(spendRefusal(buyer({ disabled: true }))).toMatchObject({
      code: 'disabled',
      message: '企业账户已停用，暂不能下单或付款，如有疑问请联系客服',
    });
    expect(spendRefusal(buyer())).toBeNull();
    expect(spendRefusal({ kind: 'visitor' })?.code).toBe('login');
  });

  it('spending is refused exactly when the company is disabled, whatever else its standing says', () => {
    fc.assert(
      fc.property(standingArb, ({ drugUntil, ...over }) => {
        const actor = buyer({ ...over, licences: pharmacyLicences(drugUntil) });
        expect(spendRefusal(actor) !== null).toBe(over.disabled);
      }),
    );
  });

  it('a disabled buyer is refused adding and buying with the spending refusal itself', () => {
    fc.assert(
      fc.property(standingArb, ({ drugUntil, ...over }) => {
        const actor = buyer({ ...over, disabled: true, licences: pharmacyLicences(drugUntil) });
        const e = buyerEligibility(actor, now);
        expect(e.add).toEqual(spendRefusal(actor));
        expect(e.buy).toEqual(spendRefusal(actor));
      }),
    );
  });

  it('its orders do not ship while it is disabled; once enabled they do', () => {
    expect(shipRefusal(standing({ disabled: true }))?.message).toBe(
      '该企业账户已停用，订单暂停发货；企业重新启用后方可发货',
    );
    expect(shipRefusal(standing())).toBeNull();
  });
});
