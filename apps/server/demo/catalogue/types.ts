// Demo catalogue types for Yaocai (药采). Pure data, no I/O.

export type DemoMenu = 'normal' | 'yx' | 'zy' | 'qx';

export interface DemoCategory {
  /** Stable ascii slug, unique across all four menus (prefix n- / yx- / zy- / qx-). */
  code: string;
  name: string;
  children?: DemoCategory[];
}

export interface DemoBrand {
  code: string;
  name: string;
  manufacturer: string;
  story: string;
  /** Brand colour used for drawn logos / packaging. */
  color: string;
}

export interface DemoScopeClass {
  /** ascii slug */
  code: string;
  /** name as printed on the 经营范围 of a licence */
  name: string;
}

export type DemoGoodsKind = 'drug' | 'device' | 'herb' | 'health';
export type DemoRxClass = 'rx' | 'otc_a' | 'otc_b' | 'none';
export type DemoTag = '优' | '秒' | '满' | '换购' | '赠' | '特' | '新';
export type DemoZone = 'yx' | 'zyyp' | 'qxzq' | 'jxqzc' | 'kxzq' | 'ppzq';
export type DemoWarehouse = 'main' | 'north';

export interface DemoLadderTier {
  quantity: number;
  priceFen: number;
}

export interface DemoLadder {
  /** 1: tiers by UPPER quantity bound (last bound 99999); 2: tiers by MINIMUM quantity. */
  type: 1 | 2;
  tiers: DemoLadderTier[];
}

export interface DemoGoods {
  sku: string;
  name: string;
  commonName: string;
  kind: DemoGoodsKind;
  /** sccj 生产厂家 */
  manufacturer: string;
  brandCode?: string;
  /** ypgg 药品规格 */
  spec: string;
  /** bzdw 包装单位 */
  unit: string;
  /** 批准文号 / 注册证号 / 备案号 / 执行标准 */
  approvalNo: string;
  /** Package barcode: an EAN-13 of the Chinese GS1 range (69...), derived from maker and sku. */
  barcode: string;
  dosageForm: string;
  /** 上市许可持有人 (drugs) or 注册人/备案人 (devices); empty for herbs and health goods */
  authorizationHolder: string;
  rxClass: DemoRxClass;
  storage: string;
  shelfLifeMonths: number;
  /** One leaf per menu the goods appears in; always one `normal` leaf. */
  categoryCodes: string[];
  /** business-scope class code, see scopeClasses */
  scopeClass: string;
  basePriceFen: number;
  retailPriceFen: number;
  ladder?: DemoLadder;
  minQuantity: number;
  /** 中包装: quantities must be multiples of this */
  stepQuantity: number;
  stock: { warehouse: DemoWarehouse; quantity: number }[];
  isBuy: boolean;
  /** free shipping when buying at least `number` units */
  freeShipping?: { number: number };
  tags: DemoTag[];
  zones: DemoZone[];
  /** 含麻黄碱类复方制剂 */
  ephedrine: boolean;
  description: string;
  salesCount: number;
  /** packaging main colour (hex) for a drawn image */
  color: string;
}
