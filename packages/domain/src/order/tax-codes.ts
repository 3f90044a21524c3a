// 商品和服务税收分类编码: the 19-digit code every line of a 数电发票 carries, its short name (简称,
// printed between asterisks before the goods name: *中成药*感冒清热颗粒) and the VAT rate it is
// sold at. Goods carry their own code and rate (goods.tax_code / tax_rate); the business-scope
// class of the goods (经营范围类别) gives the default the console's editor starts from, so a
// category is configured here once and a single goods may still override code or rate.
//
// Codes from the published table (国家税务总局 商品和服务税收分类编码表); 财务 confirms them
// against the current table version before going live (see modules/invoice/README.md).

export interface TaxClassification {
  /** 19 digits. */
  code: string;
  /** 简称: printed as *简称*商品名. */
  short: string;
  /** The table's item name, shown in the console. */
  name: string;
  /** VAT rate in percent. */
  rate: number;
}

export const taxClassifications = [
  { code: '1070301020000000000', short: '化学药品制剂', name: '化学药品制剂', rate: 13 },
  { code: '1070302000000000000', short: '中成药', name: '中成药', rate: 13 },
  { code: '1070303010000000000', short: '中药饮片', name: '中药饮片', rate: 9 },
  { code: '1070304000000000000', short: '生物药品', name: '生物药品', rate: 13 },
  { code: '1090623000000000000', short: '医疗仪器器械', name: '医疗仪器器械', rate: 13 },
  { code: '1030399000000000000', short: '保健食品', name: '保健食品', rate: 13 },
  { code: '1070213990000000000', short: '消毒剂', name: '消毒剂', rate: 13 },
] as const satisfies readonly TaxClassification[];
export type TaxCode = (typeof taxClassifications)[number]['code'];
export const taxCodes = taxClassifications.map((c) => c.code) as [TaxCode, ...TaxCode[]];

/** Shipping charged with an order: 物流辅助服务 > 收派服务, a service at 6%. */
export const SHIPPING_TAX: TaxClassification = {
  code: '3040407000000000000',
  short: '物流辅助服务',
  name: '收派服务',
  rate: 6,
};

/** VAT rates a goods may be sold at (percent): the general rates and the small-taxpayer ones. */
export const vatRates = [13, 9, 6, 3, 1, 0] as const;

export const taxClassificationOf = (code: string): TaxClassification | undefined =>
  [...taxClassifications, SHIPPING_TAX].find((c) => c.code === code);

/** The default classification of a business-scope class (the category's configuration). */
const byScope: Record<string, TaxCode> = {
  zcy: '1070302000000000000',
  zyyp: '1070303010000000000',
  swzp: '1070304000000000000',
  qx1: '1090623000000000000',
  qx2: '1090623000000000000',
  qx3: '1090623000000000000',
  bjsp: '1030399000000000000',
  xdyp: '1070213990000000000',
};

/** The tax code and rate a new goods of this scope class (and kind) starts with. */
export function defaultTaxOf(scopeClass: string, kind?: string): { code: TaxCode; rate: number } {
  const code =
    byScope[scopeClass] ??
    (kind === 'herb'
      ? '1070303010000000000'
      : kind === 'device'
        ? '1090623000000000000'
        : kind === 'health'
          ? '1030399000000000000'
          : '1070301020000000000');
  const rate = taxClassifications.find((c) => c.code === code)?.rate ?? 13;
  return { code, rate };
}

/** The printed item name: *简称*goods name (the name alone for an unknown code). */
export function taxedItemName(code: string, name: string): string {
  const c = taxClassificationOf(code);
  return c ? `*${c.short}*${name}` : name;
}
