// Yaocai (药采) demo catalogue: pure data, no I/O.
import { goodsDevices1 } from './goods-devices-1';
import { goodsDevices2 } from './goods-devices-2';
import { goodsDrugs1 } from './goods-drugs-1';
import { goodsDrugs2 } from './goods-drugs-2';
import { goodsDrugs3 } from './goods-drugs-3';
import { goodsDrugs4 } from './goods-drugs-4';
import { goodsDrugs5 } from './goods-drugs-5';
import { goodsDrugs6 } from './goods-drugs-6';
import { goodsDrugs7 } from './goods-drugs-7';
import { goodsHealth } from './goods-health';
import { goodsHerbs1 } from './goods-herbs-1';
import { goodsHerbs2 } from './goods-herbs-2';
import type { DemoGoods } from './types';

export { demoBrands } from './brands';
export {
  demoCategories,
  normalCategories,
  qxCategories,
  scopeClasses,
  yxCategories,
  zyCategories,
} from './categories';
export * from './types';

/** All drugs (西药, 中成药, 外用五官, 妇儿). */
export const demoDrugs: DemoGoods[] = [
  ...goodsDrugs1,
  ...goodsDrugs2,
  ...goodsDrugs3,
  ...goodsDrugs4,
  ...goodsDrugs5,
  ...goodsDrugs6,
  ...goodsDrugs7,
];
export const demoDevices: DemoGoods[] = [...goodsDevices1, ...goodsDevices2];
export const demoHerbs: DemoGoods[] = [...goodsHerbs1, ...goodsHerbs2];
export const demoHealth: DemoGoods[] = goodsHealth;

/** Every demo goods, in sku order. */
export const demoGoods: DemoGoods[] = [...demoDrugs, ...demoDevices, ...demoHerbs, ...demoHealth];

/**
 * The 经营范围 codes a buyer's licence must list to buy this goods: the product
 * class (scopeClass) plus 处方药 (cfy) / 非处方药 (fcfy) for drugs.
 */
export function goodsScopeCodes(g: DemoGoods): string[] {
  if (g.rxClass === 'rx') return [g.scopeClass, 'cfy'];
  if (g.rxClass === 'otc_a' || g.rxClass === 'otc_b') return [g.scopeClass, 'fcfy'];
  return [g.scopeClass];
}
