import { companyTypes } from '../catalog/scope';

// 控销 (controlled sale): the operator limits who may see the price of and buy a goods, by the
// buyer company's type and by its region. Readings are in README.md beside this file.

/** One region a control allows: a whole province, or one city of it. */
export interface SaleRegion {
  province: string;
  /** null: the whole province. */
  city: string | null;
}

/**
 * A goods' control. An empty list leaves that side open (a control naming only regions sells to
 * every customer type there); a goods without a control is sold to every buyer.
 */
export interface SaleControl {
  /** Company type codes (companyTypes: pharmacy, chain, clinic, other) allowed to buy. */
  customerTypes: readonly string[];
  regions: readonly SaleRegion[];
}

/** Who asks, as a control reads it: the company's type and where it is registered. */
export interface SaleCustomer {
  companyType: string;
  province: string;
  city: string;
}

export const companyTypeName = (code: string): string =>
  companyTypes.find((t) => t.code === code)?.name ?? code;

export const regionLabel = (r: SaleRegion): string => (r.city ? `${r.province}${r.city}` : r.province);

/** The control's own words: 仅限药店、连锁药店 · 仅限浙江省、江苏省苏州市 (empty sides unsaid). */
export function describeSaleControl(control: SaleControl): string {
  const parts: string[] = [];
  if (control.customerTypes.length)
    parts.push(`仅限${control.customerTypes.map(companyTypeName).join('、')}采购`);
  if (control.regions.length) parts.push(`仅限${control.regions.map(regionLabel).join('、')}销售`);
  return parts.join('；') || '不限';
}

export const inSaleRegion = (customer: SaleCustomer, region: SaleRegion): boolean =>
  region.province === customer.province && (region.city === null || region.city === customer.city);

export type SaleControlRefusal =
  | { code: 'control_type'; message: string }
  | { code: 'control_region'; message: string };

/** Why this customer may not buy a goods under `control`, or null when it may (or no control). */
export function saleControlRefusal(
  control: SaleControl | null | undefined,
  customer: SaleCustomer,
): SaleControlRefusal | null {
  if (!control) return null;
  if (control.customerTypes.length && !control.customerTypes.includes(customer.companyType))
    return {
      code: 'control_type',
      message: `该商品为控销商品，仅限${control.customerTypes.map(companyTypeName).join('、')}采购`,
    };
  if (control.regions.length && !control.regions.some((r) => inSaleRegion(customer, r)))
    return { code: 'control_region', message: '该商品在您所在地区暂不销售' };
  return null;
}
