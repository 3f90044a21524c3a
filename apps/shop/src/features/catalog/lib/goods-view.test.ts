import type { GoodsSummary } from '@yaocai/domain';
import { describe, expect, it } from 'vitest';
import { purchaseBlock, unitPriceFor } from './goods-view';

const goods = (over: Partial<GoodsSummary> = {}): GoodsSummary => ({
  id: 1,
  sku: 'YC000001',
  name: '阿莫西林胶囊',
  common_name: '阿莫西林胶囊',
  kind: 'drug',
  sccj: '华北制药股份有限公司',
  ypgg: '0.25g*24粒',
  bzdw: '盒',
  approval_no: '国药准字H13023964',
  rx_class: 'rx',
  image: '/media/goods/1.svg',
  price_visibility: 'visible',
  price_tip: '',
  base_price: 8.5,
  retail_price: 12,
  ladder_price_type: 1,
  ladder_price: [
    { number: 9, price: 8.5 },
    { number: 49, price: 8 },
    { number: 99999, price: 7.6 },
  ],
  number: 500,
  ck_id: 1,
  is_buy: true,
  min_quantity: 1,
  step_quantity: 1,
  is_free_shipping: false,
  free_shipping_number: 0,
  tags: [],
  zones: [],
  expires_on: '2028-11-22',
  near_expiry: false,
  sales: 0,
  ephedrine: false,
  scope_class: 'kssz',
  in_scope: true,
  scope_message: null,
  brand: null,
  controlled: false,
  control_message: null,
  ...over,
});

describe('why a goods cannot be bought', () => {
  it('tells a buyer outside a 控销 control why first', () => {
    const controlled = goods({
      controlled: true,
      control_message: '该商品为控销商品，仅限药店、连锁药店采购',
      in_scope: false,
      scope_message: '超出经营范围：需具备「处方药」经营范围',
    });
    expect(purchaseBlock(controlled)).toBe('该商品为控销商品，仅限药店、连锁药店采购');
    expect(purchaseBlock(goods({ controlled: true }))).toBeNull();
  });

  it('explains an out-of-scope goods with the server message, or names the scope class', () => {
    expect(
      purchaseBlock(goods({ in_scope: false, scope_message: '超出经营范围：需具备「处方药」经营范围' })),
    ).toBe('超出经营范围：需具备「处方药」经营范围');
    expect(purchaseBlock(goods({ in_scope: false, scope_message: null }))).toContain('抗生素制剂');
  });

  it('tells goods not for sale and out of stock apart, and nothing for buyable goods', () => {
    expect(purchaseBlock(goods({ is_buy: false }))).toBe('该商品暂不可购买');
    expect(purchaseBlock(goods({ number: 0 }))).toBe('暂时缺货');
    expect(purchaseBlock(goods())).toBeNull();
    expect(purchaseBlock(goods({ in_scope: null }))).toBeNull();
  });
});

describe('unit price of a quantity', () => {
  it('follows the ladder (type 1: upper bounds)', () => {
    expect(unitPriceFor(goods(), 9)).toBe(8.5);
    expect(unitPriceFor(goods(), 10)).toBe(8);
    expect(unitPriceFor(goods(), 50)).toBe(7.6);
  });

  it('is null when prices are hidden', () => {
    expect(unitPriceFor(goods({ base_price: null, price_visibility: 'login' }), 10)).toBeNull();
  });
});
