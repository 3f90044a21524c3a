import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { companyTypes } from '../catalog/scope';
import type { Licence } from '../compliance/licences';
import {
  type BuyerEligibility,
  buyerEligibility,
  type EligibilityGoods,
  goodsEligibility,
} from './eligibility';
import { describeSaleControl, type SaleControl, type SaleRegion, saleControlRefusal } from './sale-control';
import type { BuyerStanding } from './standing';

const now = new Date('2026-11-23T04:00:00Z');
const licences: Licence[] = [
  { id: 1, type: 'business_licence', number: 'B1', validUntil: null, scopes: [] },
  { id: 2, type: 'drug_licence', number: 'D1', validUntil: null, scopes: ['cfy', 'fcfy'] },
  { id: 3, type: 'medical_licence', number: 'M1', validUntil: null, scopes: ['cfy', 'fcfy'] },
  { id: 4, type: 'proxy', number: 'P1', validUntil: null, scopes: [] },
];
const standing = (over: Partial<BuyerStanding> = {}): BuyerStanding => ({
  userId: 1,
  companyId: 1,
  qualificationStatus: 'approved',
  companyType: 'pharmacy',
  licences,
  businessScope: ['cfy', 'fcfy'],
  contractSigned: true,
  disabled: false,
  province: '浙江省',
  city: '杭州市',
  ...over,
});
const judge = (over: Partial<BuyerStanding> = {}): BuyerEligibility =>
  buyerEligibility({ kind: 'buyer', standing: standing(over) }, now);
const goods = (control: SaleControl | null): EligibilityGoods => ({
  name: '复方丹参滴丸',
  scopeClass: 'fcfy',
  rxClass: 'otc_a',
  onSale: true,
  purchasable: true,
  stock: 10,
  control,
});
const pharmaciesOnly: SaleControl = { customerTypes: ['pharmacy', 'chain'], regions: [] };
const zhejiangOnly: SaleControl = { customerTypes: [], regions: [{ province: '浙江省', city: null }] };

describe('控销 controls in the eligibility rule', () => {
  it('sells a pharmacies-only goods to a pharmacy and tells a clinic why not', () => {
    expect(goodsEligibility(judge(), goods(pharmaciesOnly))).toMatchObject({
      price: null,
      add: null,
      buy: null,
    });
    const clinic = goodsEligibility(judge({ companyType: 'clinic' }), goods(pharmaciesOnly));
    expect(clinic.price?.short).toBe('该商品为控销商品，仅限药店、连锁药店采购');
    expect(clinic.add?.code).toBe('control_type');
    expect(clinic.buy?.message).toBe('「复方丹参滴丸」该商品为控销商品，仅限药店、连锁药店采购');
  });

  it('sells a one-province goods there only, a city control to that city only', () => {
    expect(goodsEligibility(judge(), goods(zhejiangOnly)).add).toBeNull();
    const jiangsu = goodsEligibility(judge({ province: '江苏省', city: '苏州市' }), goods(zhejiangOnly));
    expect(jiangsu.price?.short).toBe('该商品在您所在地区暂不销售');
    const ningbo: SaleControl = { customerTypes: [], regions: [{ province: '浙江省', city: '宁波市' }] };
    expect(goodsEligibility(judge(), goods(ningbo)).add?.code).toBe('control_region');
    expect(goodsEligibility(judge({ city: '宁波市' }), goods(ningbo)).add).toBeNull();
  });

  it('leaves a visitor with the login guidance and a pending buyer with the review text', () => {
    const visitor = goodsEligibility(buyerEligibility({ kind: 'visitor' }, now), goods(pharmaciesOnly));
    expect(visitor.price?.message).toBe('登录后查看价格');
    const pending = goodsEligibility(
      judge({ companyType: 'clinic', qualificationStatus: 'pending' }),
      goods(pharmaciesOnly),
    );
    expect(pending.price?.code).toBe('pending');
  });

  it('judges each goods of a package', () => {
    const pkg: EligibilityGoods = {
      ...goods(null),
      name: '心脑套餐',
      items: [
        { name: 'A', scopeClass: 'fcfy', rxClass: 'otc_a', purchasable: true },
        { name: 'B', scopeClass: 'fcfy', rxClass: 'otc_a', purchasable: true, control: pharmaciesOnly },
      ],
    };
    expect(goodsEligibility(judge({ companyType: 'clinic' }), pkg).add?.message).toBe(
      '「心脑套餐」该商品为控销商品，仅限药店、连锁药店采购',
    );
  });

  it('describes a control for the console', () => {
    expect(describeSaleControl({ ...pharmaciesOnly, regions: zhejiangOnly.regions })).toBe(
      '仅限药店、连锁药店采购；仅限浙江省销售',
    );
  });
});

const provinces = ['浙江省', '江苏省', '广东省'];
const cities = ['杭州市', '苏州市', '广州市', '宁波市'];
const typeCode = fc.constantFrom(...companyTypes.map((t) => t.code));
const region: fc.Arbitrary<SaleRegion> = fc.record({
  province: fc.constantFrom(...provinces),
  city: fc.option(fc.constantFrom(...cities), { nil: null }),
});
const control: fc.Arbitrary<SaleControl> = fc.record({
  customerTypes: fc.uniqueArray(typeCode, { maxLength: 4 }),
  regions: fc.array(region, { maxLength: 3 }),
});
const buyerArb = fc.record({
  companyType: typeCode,
  province: fc.constantFrom(...provinces),
  city: fc.constantFrom(...cities),
  qualificationStatus: fc.constantFrom('approved', 'pending'),
  contractSigned: fc.boolean(),
});

describe('控销 properties', () => {
  it('never lets a buyer outside the allowed types or regions see the price, add or buy', () => {
    fc.assert(
      fc.property(control, buyerArb, (c, b) => {
        const e = goodsEligibility(judge(b), goods(c));
        const typeOut = c.customerTypes.length > 0 && !c.customerTypes.includes(b.companyType);
        const regionOut =
          c.regions.length > 0 &&
          !c.regions.some((r) => r.province === b.province && (r.city === null || r.city === b.city));
        if (typeOut || regionOut) {
          expect(e.price).not.toBeNull();
          expect(e.add).not.toBeNull();
          expect(e.buy).not.toBeNull();
        }
        expect(saleControlRefusal(c, b) === null).toBe(!typeOut && !regionOut);
      }),
    );
  });

  it('removing a control never forbids what the control allowed', () => {
    fc.assert(
      fc.property(control, buyerArb, (c, b) => {
        const controlled = goodsEligibility(judge(b), goods(c));
        const free = goodsEligibility(judge(b), goods(null));
        for (const k of ['price', 'add', 'buy'] as const)
          if (controlled[k] === null) expect(free[k]).toBeNull();
      }),
    );
  });

  it('widening a control (adding a type or region) never forbids', () => {
    fc.assert(
      fc.property(control, buyerArb, typeCode, region, (c, b, t, r) => {
        const narrow = goodsEligibility(judge(b), goods(c));
        const wide = goodsEligibility(
          judge(b),
          goods({
            customerTypes: c.customerTypes.length ? [...c.customerTypes, t] : [],
            regions: c.regions.length ? [...c.regions, r] : [],
          }),
        );
        if (narrow.add === null) expect(wide.add).toBeNull();
      }),
    );
  });
});
