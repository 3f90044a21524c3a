// Drugs under special control (特殊管理药品) and others that the 2022 online drug sales measures
// keep off online sale. A goods names its class (or none); the operator keeps the list of classes
// never listed (站点设置 · 质量管理, all of these by default), and a goods of such a class is
// refused when created, edited or imported.

export const controlClasses = [
  { code: 'vaccine', name: '疫苗' },
  { code: 'blood', name: '血液制品' },
  { code: 'narcotic', name: '麻醉药品' },
  { code: 'psychotropic', name: '精神药品' },
  { code: 'toxic', name: '医疗用毒性药品' },
  { code: 'radioactive', name: '放射性药品' },
  { code: 'precursor', name: '药品类易制毒化学品' },
  { code: 'hospital_preparation', name: '医疗机构制剂' },
  { code: 'tcm_granule', name: '中药配方颗粒' },
] as const;

export type ControlClass = (typeof controlClasses)[number]['code'];
export const controlClassCodes = controlClasses.map((c) => c.code) as [ControlClass, ...ControlClass[]];
export const controlClassName = (code: string): string =>
  controlClasses.find((c) => c.code === code)?.name ?? code;

/** Why a goods of `controlClass` may not be listed, or null when it may. */
export function listingRefusal(controlClass: string | null, neverListable: readonly string[]): string | null {
  if (controlClass === null || !neverListable.includes(controlClass)) return null;
  return `${controlClassName(controlClass)}不得通过网络销售，不能上架（站点设置·质量管理）`;
}
