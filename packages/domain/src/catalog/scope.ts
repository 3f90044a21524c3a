/**
 * Business-scope classes (经营范围, jyfw): what a buyer's licence lets it buy. Every goods has one
 * class; a buyer may buy goods whose class is in its company's business scope.
 */
export const scopeClasses = [
  { code: 'cfy', name: '处方药' },
  { code: 'fcfy', name: '非处方药' },
  { code: 'zcy', name: '中成药' },
  { code: 'hxyzj', name: '化学药制剂' },
  { code: 'kssz', name: '抗生素制剂' },
  { code: 'shyp', name: '生化药品' },
  { code: 'zyyp', name: '中药饮片' },
  { code: 'swzp', name: '生物制品(除疫苗)' },
  { code: 'qx1', name: '一类医疗器械' },
  { code: 'qx2', name: '二类医疗器械' },
  { code: 'qx3', name: '三类医疗器械' },
  { code: 'bjsp', name: '保健食品' },
  { code: 'xdyp', name: '消毒用品' },
] as const;

export type ScopeClassCode = (typeof scopeClasses)[number]['code'];
export const scopeClassCodes = scopeClasses.map((c) => c.code) as [ScopeClassCode, ...ScopeClassCode[]];
export const scopeClassName = (code: string): string =>
  scopeClasses.find((c) => c.code === code)?.name ?? code;

export const companyTypes = [
  { code: 'pharmacy', name: '药店' },
  { code: 'chain', name: '连锁药店' },
  { code: 'clinic', name: '诊所' },
  { code: 'other', name: '其他' },
] as const;

/** Goods badges, in display order. */
export const goodsTags = ['优', '秒', '满', '换购', '赠', '特', '新'] as const;
export type GoodsTag = (typeof goodsTags)[number];

/** The orders of the goods list; expiry_desc: longest shelf life first; expiry_asc: nearest expiry first. */
export const goodsSorts = [
  'default',
  'sales',
  'price_asc',
  'price_desc',
  'newest',
  'expiry_desc',
  'expiry_asc',
] as const;

export const zones = {
  yx: '优选专区',
  zyyp: '中药饮片',
  qxzq: '器械专区',
  jxqzc: '近效期专场',
  kxzq: '控销专区',
  ppzq: '品牌专区',
} as const;
export type ZoneCode = keyof typeof zones;
/**
 * Zones no operator assigns: 近效期专场 holds the goods whose earliest batch in stock is near
 * expiry (compliance/near-expiry.ts), whatever was stored.
 */
export const derivedZones: readonly ZoneCode[] = ['jxqzc'];
/** The zones a goods is put into in the console or by import. */
export const assignableZones = Object.fromEntries(
  Object.entries(zones).filter(([code]) => !derivedZones.includes(code as ZoneCode)),
) as Omit<typeof zones, 'jxqzc'>;

/**
 * Business-scope check of one goods against a buyer's licensed scope (jyfw): the goods' class
 * must be listed, prescription drugs also need 处方药 (cfy) and OTC drugs 非处方药 (fcfy).
 * Returns the first missing class (null when the goods may be bought) and the message the shop shows.
 */
export function scopeCheck(
  goods: { scopeClass: string; rxClass: string },
  businessScope: readonly string[],
): { inScope: boolean; missing: string | null; message: string | null } {
  const required =
    goods.rxClass === 'rx'
      ? ['cfy', goods.scopeClass]
      : goods.rxClass === 'otc_a' || goods.rxClass === 'otc_b'
        ? ['fcfy', goods.scopeClass]
        : [goods.scopeClass];
  const missing = required.find((code) => !businessScope.includes(code)) ?? null;
  return missing
    ? { inScope: false, missing, message: `超出经营范围：需具备「${scopeClassName(missing)}」经营范围` }
    : { inScope: true, missing: null, message: null };
}
