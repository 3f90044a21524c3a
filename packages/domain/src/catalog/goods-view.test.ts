import { describe, expect, it } from 'vitest';
import type { GoodsSummary } from '../api/catalog';
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
  unavailable: null,
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

  it('tells the server’s reason in a few words, and nothing for buyable goods', () => {
    const scope = {
      code: 'business_scope' as const,
      text: '暂不可购买：超出经营范围',
      detail: '超出经营范围：需具备「处方药」经营范围',
    };
    expect(purchaseBlock(goods({ in_scope: false, unavailable: scope }))).toBe('暂不可购买：超出经营范围');
    const stock = { code: 'out_of_stock' as const, text: '暂不可购买：暂时缺货', detail: null };
    expect(purchaseBlock(goods({ number: 0, unavailable: stock }))).toBe('暂不可购买：暂时缺货');
    expect(purchaseBlock(goods())).toBeNull();
  });

  it('leaves hidden prices to their own tip', () => {
    const login = { code: 'login' as const, text: '暂不可购买：请先登录', detail: null };
    expect(
      purchaseBlock(goods({ price_visibility: 'login', base_price: null, unavailable: login })),
    ).toBeNull();
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
