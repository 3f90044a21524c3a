import { scopeClassName } from '../catalog/scope';
import { addDays, daysBetween, type IsoDate } from '../time/beijing';

// The qualification engine's rules: which licence grants which business-scope classes, which
// licences a company of each type needs, and how validity and expiry warnings are read.
// Readings are in README.md beside this file.

/**
 * Licence types a buyer holds. `grants` is the most a licence of the type may grant; a reviewed
 * licence carries the codes printed on it (`scopes`), and only those within `grants` count.
 */
export const licenceTypes = [
  { code: 'business_licence', name: '营业执照', grants: ['qx1', 'xdyp'] },
  {
    code: 'drug_licence',
    name: '药品经营许可证',
    grants: ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'shyp', 'zyyp', 'swzp'],
  },
  {
    code: 'medical_licence',
    name: '医疗机构执业许可证',
    grants: ['cfy', 'fcfy', 'zcy', 'hxyzj', 'kssz', 'shyp', 'zyyp', 'swzp', 'qx1', 'qx2', 'qx3', 'xdyp'],
  },
  { code: 'device_licence', name: '医疗器械经营许可证', grants: ['qx1', 'qx2', 'qx3'] },
  { code: 'device_record', name: '第二类医疗器械经营备案凭证', grants: ['qx1', 'qx2'] },
  { code: 'food_licence', name: '食品经营许可证', grants: ['bjsp'] },
  { code: 'proxy', name: '采购委托书', grants: [] },
  // Kept on file, granting nothing: GSP certificates were abolished in 2019; the purchaser's ID
  // card backs the proxy.
  { code: 'gsp', name: 'GSP证书', grants: [] },
  { code: 'id_card', name: '采购人员身份证', grants: [] },
] as const satisfies readonly { code: string; name: string; grants: readonly string[] }[];

export type LicenceType = (typeof licenceTypes)[number]['code'];

export const licenceTypeName = (code: string): string =>
  licenceTypes.find((t) => t.code === code)?.name ?? code;

/** The kinds a buyer uploads (资质证件): every licence type. */
export const qualificationKinds = licenceTypes;
export type QualificationKind = LicenceType;
export const qualificationKindName = licenceTypeName;

/** Licence types whose reviewed copy must name the purchaser (name and ID card number). */
export const holderLicenceTypes: readonly string[] = ['proxy'];

/** The scope codes a licence of `type` may grant (empty for an unknown type). */
export const licenceGrants = (type: string): readonly string[] =>
  licenceTypes.find((t) => t.code === type)?.grants ?? [];

/**
 * The licences a company must hold, valid, to buy at all, by company type. A type not listed
 * needs the `other` set. The purchase proxy (采购委托书) names the purchaser and carries their ID.
 */
export const requiredLicences: Readonly<Record<string, readonly LicenceType[]>> = {
  pharmacy: ['business_licence', 'drug_licence', 'proxy'],
  chain: ['business_licence', 'drug_licence', 'proxy'],
  clinic: ['medical_licence', 'proxy'],
  other: ['business_licence', 'proxy'],
};

/** One licence as the engine reads it: only approved licences are passed in. */
export interface Licence {
  id: number;
  type: string;
  number: string;
  /** Last valid day (Beijing calendar); null for a long-term (长期) licence. */
  validUntil: IsoDate | null;
  /** Scope-class codes printed on the licence (ignored beyond what its type may grant). */
  scopes: readonly string[];
}

/** A licence is valid through its expiry day in Beijing; a long-term licence never expires. */
export const isValidOn = (licence: Pick<Licence, 'validUntil'>, today: IsoDate): boolean =>
  licence.validUntil === null || today <= licence.validUntil;

/** Days left until the licence's last valid day (0 on that day); null when long-term. */
export const daysLeft = (licence: Pick<Licence, 'validUntil'>, today: IsoDate): number | null =>
  licence.validUntil === null ? null : daysBetween(today, licence.validUntil);

/** The business scope a set of licences grants today: the union of their valid grants. */
export function licensedScope(licences: readonly Licence[], today: IsoDate): string[] {
  const scope = new Set<string>();
  for (const licence of licences) {
    if (!isValidOn(licence, today)) continue;
    const grants = licenceGrants(licence.type);
    for (const code of licence.scopes) if (grants.includes(code)) scope.add(code);
  }
  return [...scope].sort();
}

export type QualificationGap =
  | { code: 'missing'; type: LicenceType; message: string }
  | { code: 'expired'; type: LicenceType; expiredOn: IsoDate; message: string };

/**
 * Why the company may not buy today, licence by licence: each required type must have at least
 * one valid licence. Empty when it may buy. The first gap is what the buyer is told.
 */
export function qualificationGaps(
  companyType: string,
  licences: readonly Licence[],
  today: IsoDate,
): QualificationGap[] {
  const required = requiredLicences[companyType] ?? requiredLicences.other;
  const gaps: QualificationGap[] = [];
  for (const type of required) {
    const held = licences.filter((l) => l.type === type);
    if (held.some((l) => isValidOn(l, today))) continue;
    const name = licenceTypeName(type);
    const latest = held
      .map((l) => l.validUntil)
      .filter((d): d is IsoDate => d !== null)
      .sort()
      .at(-1);
    gaps.push(
      latest
        ? {
            code: 'expired',
            type,
            expiredOn: latest,
            message: `您的「${name}」已于${latest}过期，请上传新证件后再下单`,
          }
        : { code: 'missing', type, message: `缺少「${name}」，请上传后再下单` },
    );
  }
  return gaps;
}

/**
 * The last day the company may buy on its current licences: the earliest, over the required
 * types, of the latest expiry held for that type (null: no required licence expires).
 * Checkout is blocked from the next Beijing day on.
 */
export function buyingValidUntil(companyType: string, licences: readonly Licence[]): IsoDate | null {
  const required = requiredLicences[companyType] ?? requiredLicences.other;
  let earliest: IsoDate | null = null;
  for (const type of required) {
    const held = licences.filter((l) => l.type === type);
    if (held.length === 0) continue;
    if (held.some((l) => l.validUntil === null)) continue;
    const latest = held
      .map((l) => l.validUntil as IsoDate)
      .sort()
      .at(-1) as IsoDate;
    if (earliest === null || latest < earliest) earliest = latest;
  }
  return earliest;
}

/** Days before expiry at which the buyer is warned (message and SMS), largest first. */
export const expiryWarningDays = [60, 30, 7] as const;

export interface ExpiryWarning {
  licenceId: number;
  /** The threshold reached: one warning per licence and threshold (the dedupe key). */
  threshold: number;
  daysLeft: number;
  message: string;
}

/**
 * The warnings due today: for each valid licence with an expiry within the largest threshold, the
 * smallest threshold it has reached. A sender keeps (licenceId, threshold) to send each once.
 */
export function expiryWarnings(
  licences: readonly Licence[],
  today: IsoDate,
  thresholds: readonly number[] = expiryWarningDays,
): ExpiryWarning[] {
  const warnings: ExpiryWarning[] = [];
  for (const licence of licences) {
    const left = daysLeft(licence, today);
    if (left === null || left < 0) continue;
    const reached = thresholds.filter((t) => left <= t);
    if (reached.length === 0) continue;
    const threshold = Math.min(...reached);
    const name = licenceTypeName(licence.type);
    warnings.push({
      licenceId: licence.id,
      threshold,
      daysLeft: left,
      message:
        left === 0
          ? `您的「${name}」今天到期，明天起将无法下单，请尽快上传新证件`
          : `您的「${name}」将于${licence.validUntil}到期（剩余${left}天），请及时上传新证件`,
    });
  }
  return warnings;
}

/**
 * Explains, in Chinese, why a scope class is missing: which licence types would grant it and
 * whether the company holds one that has expired.
 */
export function explainMissingScope(code: string, licences: readonly Licence[], today: IsoDate): string {
  const granting = licenceTypes.filter((t) => (t.grants as readonly string[]).includes(code));
  const names = granting.map((t) => `「${t.name}」`).join('或');
  const expired = licences.find(
    (l) => !isValidOn(l, today) && l.scopes.includes(code) && granting.some((t) => t.code === l.type),
  );
  if (expired)
    return `「${scopeClassName(code)}」经营范围来自您已过期的「${licenceTypeName(expired.type)}」（${expired.validUntil}），请上传新证件`;
  if (granting.length === 0) return `「${scopeClassName(code)}」不在可审核的经营范围内`;
  return `需具备「${scopeClassName(code)}」经营范围，请上传载明该范围的${names}`;
}

/** The day a warning for `threshold` falls due for a licence valid until `validUntil`. */
export const warningDueOn = (validUntil: IsoDate, threshold: number): IsoDate =>
  addDays(validUntil, -threshold);

/**
 * The licences (type and scope codes) a company of `companyType` holds to be licensed for
 * `scope`: every required type, then the first type able to grant each code still uncovered.
 * Used by the demo data and the test factories to give a company licences matching its scope.
 */
export function licencesCovering(
  companyType: string,
  scope: readonly string[],
): { type: LicenceType; scopes: string[] }[] {
  const required = requiredLicences[companyType] ?? requiredLicences.other;
  const held = required.map((type) => ({
    type,
    scopes: scope.filter((code) => licenceGrants(type).includes(code)),
  }));
  const covered = () => new Set(held.flatMap((l) => l.scopes));
  for (const code of scope) {
    if (covered().has(code)) continue;
    const type = licenceTypes.find((t) => (t.grants as readonly string[]).includes(code));
    if (!type) continue;
    const existing = held.find((l) => l.type === type.code);
    if (existing) existing.scopes.push(code);
    else held.push({ type: type.code, scopes: scope.filter((c) => licenceGrants(type.code).includes(c)) });
  }
  return held;
}

/**
 * A mainland resident ID card number (GB 11643): 17 digits and a check character (0-9 or X)
 * from the ISO 7064 MOD 11-2 sum. The purchaser named on a purchase proxy carries one.
 */
export function idCardNumberOk(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = weights.reduce((total, w, i) => total + w * Number(value[i]), 0);
  return '10X98765432'[sum % 11] === value[17];
}

/** What a buyer's licence list says about one licence's expiry: days left and the warning. */
export interface LicenceExpiryNotice {
  /** Days left (negative once expired); Infinity for a long-term (长期) licence. */
  left: number;
  /** 已过期 / 今天到期 / N天后到期 within the warning thresholds; null otherwise. */
  text: string | null;
  /** red within 7 days or expired, orange within the larger thresholds. */
  level: 'red' | 'orange' | null;
}

/**
 * The warning shown beside a licence in force (60/30/7 days before its expiry, or expired);
 * none for a long-term licence or one not approved (its review says more).
 */
export function licenceExpiryNotice(
  licence: { expires_on: IsoDate | null; status: string },
  today: IsoDate,
): LicenceExpiryNotice {
  if (licence.expires_on === null) return { left: Number.POSITIVE_INFINITY, text: null, level: null };
  const left = daysBetween(today, licence.expires_on);
  if (licence.status !== 'approved') return { left, text: null, level: null };
  if (left < 0) return { left, text: '已过期', level: 'red' };
  if (!expiryWarningDays.some((d) => left <= d)) return { left, text: null, level: null };
  return { left, text: left === 0 ? '今天到期' : `${left}天后到期`, level: left <= 7 ? 'red' : 'orange' };
}
