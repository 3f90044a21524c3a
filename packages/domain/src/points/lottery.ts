// 抽奖: the rules of a lottery that the server applies (the browser never draws). A lottery has
// prizes, each with a weight and its own stock (null: unlimited; a "谢谢参与" prize is usually
// unlimited), and an entry rule saying when a store may draw.

export const prizeKinds = [
  { code: 'points', name: '积分' },
  { code: 'coupon', name: '优惠券' },
  { code: 'wallet', name: '账户余额' },
  { code: 'goods', name: '实物商品' },
  { code: 'none', name: '谢谢参与' },
] as const;
export type PrizeKind = (typeof prizeKinds)[number]['code'];
export const prizeKindCodes = prizeKinds.map((k) => k.code) as [PrizeKind, ...PrizeKind[]];
export const prizeKindName = (code: string) => prizeKinds.find((k) => k.code === code)?.name ?? code;

export const entryRules = [
  { code: 'daily', name: '每天一次', hint: '每个门店每天可免费抽奖一次' },
  { code: 'order', name: '每笔订单一次', hint: '活动期间每支付一笔订单可抽奖一次' },
  { code: 'points', name: '消耗积分', hint: '每次抽奖消耗积分' },
] as const;
export type EntryRule = (typeof entryRules)[number]['code'];
export const entryRuleCodes = entryRules.map((r) => r.code) as [EntryRule, ...EntryRule[]];

export interface PrizeChance {
  id: number;
  weight: number;
  /** Prizes out of stock are not drawn. */
  available: boolean;
}

/**
 * Picks a prize by weight among the available ones, given a uniform `random` in [0, 1): prize i
 * is drawn with probability weight_i / (sum of available weights). Null when nothing can be won.
 */
export function drawPrize(prizes: readonly PrizeChance[], random: number): number | null {
  if (!(random >= 0 && random < 1)) throw new RangeError(`random must be in [0, 1): ${random}`);
  let total = 0;
  for (const p of prizes) if (p.available && p.weight > 0) total += p.weight;
  if (total === 0) return null;
  let point = random * total;
  let last: number | null = null;
  for (const p of prizes) {
    if (!p.available || p.weight <= 0) continue;
    last = p.id;
    if (point < p.weight) return p.id;
    point -= p.weight;
  }
  // Floating-point rounding at the very top of the range: the last available prize.
  return last;
}

/**
 * The entry key of a draw: a store draws once per key (a unique index holds it), so two tabs
 * drawing the same day's free draw make one draw.
 */
export function entryKey(
  rule: EntryRule,
  o: { today: string; orderId?: number; drawToken?: string },
): string {
  switch (rule) {
    case 'daily':
      return `day:${o.today}`;
    case 'order':
      return `order:${o.orderId}`;
    case 'points':
      return `points:${o.drawToken}`;
  }
}

/** Points a received order earns: floor(paid yuan x rate), never negative. */
export function pointsEarned(paidFen: number, pointsPerYuan: number): number {
  if (paidFen <= 0 || pointsPerYuan <= 0) return 0;
  return Math.floor((paidFen * pointsPerYuan) / 100);
}

/**
 * Points taken back when part of an order is refunded: the earned points in proportion to the
 * refund, rounded up (a store never keeps points for money it got back), at most what was earned.
 */
export function pointsReversed(earned: number, paidFen: number, refundFen: number): number {
  if (earned <= 0 || paidFen <= 0 || refundFen <= 0) return 0;
  return Math.min(earned, Math.ceil((earned * refundFen) / paidFen));
}

/** A store name as the winners' ticker shows it: the first characters, the rest hidden. */
export function maskStoreName(name: string): string {
  const chars = [...name];
  if (chars.length <= 2) return `${chars[0] ?? ''}*`;
  return `${chars.slice(0, Math.min(4, chars.length - 2)).join('')}***`;
}

/**
 * Points expiry (积分过期): every year on the configured month-day (MM-DD), the points a store
 * earned before 1 January of that year and has not used expire. Use takes the oldest points
 * first, so what expires is what was earned before the cut-off less everything ever taken out
 * (spent, taken back or expired before), never below zero.
 */
export function pointsExpiring(earnedBeforeCutoff: number, takenOutEver: number): number {
  return Math.max(0, earnedBeforeCutoff - takenOutEver);
}

/** The cut-off in force on a Beijing day: 1 January of its year once the expiry day has come. */
export function pointsExpiryCutoff(today: string, expireOn: string): string | null {
  if (!/^\d{2}-\d{2}$/.test(expireOn)) return null;
  const year = today.slice(0, 4);
  return today >= `${year}-${expireOn}` ? `${year}-01-01` : null;
}

/** The earning rate of a store's rank: its own line of the rule, or the general rate. */
export function earnRateFor(
  rank: string,
  rule: { earnPerYuan: number; rankRates: readonly { rank: string; earn_per_yuan: number }[] },
): number {
  return rule.rankRates.find((r) => r.rank === rank)?.earn_per_yuan ?? rule.earnPerYuan;
}
