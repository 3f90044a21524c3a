import { z } from 'zod';
import { type Fen, formatYuan } from '../../money';
import { type LineId, prorate } from '../../pricing/prorate';
import { type Coverage, type CoverageFacts, covers } from '../coverage';
import { type Applied, defineRule, type RuleLine } from '../rule';
import { mayStack, type PromotionKind } from '../stacking';

// Coupons (优惠券 / 现金券), one rule object `{ code, applies, apply }` (design.md). Three kinds:
// - 满减券 `amount_off`: spend thresholdFen on eligible lines, take amountFen off;
// - 折扣券 `discount`: pay ratePercent% of the eligible amount (9折 = 90), the discount rounded
//   so the paid amount rounds DOWN to the fen, capped at maxDiscountFen;
// - 现金券 `cash`: a voucher worth amountFen, optionally with a threshold.
// A line is eligible when it may take coupons (with_coupon), its goods is covered by the
// coupon's coverage (promotion/coverage.ts), the stacking matrix lets a coupon follow what the
// line already took, and it is not at a special price when the coupon excludes 特价 goods.
// Eligible lines are measured by what they cost after their own and the full-reduction shares.
// The discount is split over the eligible lines in proportion to those amounts (prorate), so
// the shares add up to it exactly and never exceed a line's amount.

interface CouponBase {
  id: LineId;
  name?: string;
  thresholdFen?: Fen;
  /** The held coupon's validity, 10-digit seconds; missing means no bound. */
  validFrom?: number;
  validTo?: number;
  /** Which goods it covers; missing means every goods. */
  coverage?: Coverage;
  /** 特价商品不参与: lines at a special price are left out. */
  excludeSpecial?: boolean;
}

export type Coupon =
  | (CouponBase & { kind: 'amount_off'; amountFen: Fen })
  | (CouponBase & { kind: 'discount'; ratePercent: number; maxDiscountFen?: Fen })
  | (CouponBase & { kind: 'cash'; amountFen: Fen });

export type CouponKind = Coupon['kind'];
export const couponKinds = ['amount_off', 'discount', 'cash'] as const satisfies readonly CouponKind[];

export const couponKindLabels: Record<CouponKind, string> = {
  amount_off: '满减券',
  discount: '折扣券',
  cash: '现金券',
};

export interface CouponLine {
  id: LineId;
  goodsId: number | string;
  /** What the line costs before the coupon. */
  amountFen: Fen;
  /** with_coupon: the line may take coupons and activities. */
  withCoupon: boolean;
  /** The line-level promotion it took (special price or welfare), if any. */
  specialKind?: 'special_price' | 'welfare' | null;
  /** Whether a full-reduction share was taken off the line. */
  fullReduction?: boolean;
  /** Category, brand and zone facts of the goods; needed unless the coupon covers all goods. */
  facts?: CoverageFacts;
}

export type CouponLineRefusal = 'no_coupon' | 'out_of_scope' | 'special_excluded' | 'not_stackable';
export type CouponRefusal =
  | 'not_started'
  | 'expired'
  | 'out_of_scope'
  | 'special_excluded'
  | 'below_threshold';

export const couponMessages: Record<CouponRefusal, string> = {
  not_started: '未开始',
  expired: '已过期',
  out_of_scope: '不在适用范围',
  special_excluded: '特价商品不参与',
  below_threshold: '未达到门槛',
};

export type CouponCheck =
  | {
      applicable: true;
      couponId: LineId;
      eligibleAmountFen: Fen;
      discountFen: Fen;
      lineIds: LineId[];
      /** Each eligible line's part of the discount, in lineIds order; adds up to discountFen. */
      sharesFen: Fen[];
    }
  | { applicable: false; couponId: LineId; reason: CouponRefusal; message: string; gapFen?: Fen };

const refuse = (coupon: Coupon, reason: CouponRefusal, gapFen?: Fen): CouponCheck => ({
  applicable: false,
  couponId: coupon.id,
  reason,
  message:
    gapFen === undefined ? couponMessages[reason] : `${couponMessages[reason]} 还差${formatYuan(gapFen)}`,
  ...(gapFen === undefined ? {} : { gapFen }),
});

/** The discount a coupon gives on an eligible amount that has passed its threshold. */
export function couponDiscount(coupon: Coupon, eligibleAmountFen: Fen): Fen {
  let discount: number;
  if (coupon.kind === 'discount') {
    const rate = Math.min(100, Math.max(0, coupon.ratePercent));
    // Paid part rounded down to the fen, so the discount is the rest.
    discount = eligibleAmountFen - Math.floor((eligibleAmountFen * rate) / 100);
    if (coupon.maxDiscountFen !== undefined && coupon.maxDiscountFen > 0)
      discount = Math.min(discount, coupon.maxDiscountFen);
  } else {
    discount = coupon.amountFen;
  }
  return Math.max(0, Math.min(discount, eligibleAmountFen));
}

/** Why a line takes no part in the coupon, or null when it does. */
export function couponLineRefusal(coupon: Coupon, line: CouponLine): CouponLineRefusal | null {
  if (!line.withCoupon || line.amountFen <= 0) return 'no_coupon';
  const taken: PromotionKind[] = [];
  if (line.specialKind) taken.push(line.specialKind);
  if (line.fullReduction) taken.push('full_reduction');
  if (!mayStack(taken, 'coupon')) return 'not_stackable';
  if (coupon.excludeSpecial && line.specialKind === 'special_price') return 'special_excluded';
  const { coverage } = coupon;
  if (coverage) {
    const covered = line.facts
      ? covers(coverage, line.facts)
      : !!coverage.all && !coverage.excludeGoodsIds?.length;
    if (!covered) return 'out_of_scope';
  }
  return null;
}

export interface CouponState {
  coupon: Coupon;
  lines: readonly CouponLine[];
  nowSeconds: number;
}

/** The coupon rule: which lines it applies to, and what it takes off them. */
export const couponRule = {
  code: 'coupon' as const,
  applies: (line: CouponLine, ctx: { coupon: Coupon }): boolean =>
    couponLineRefusal(ctx.coupon, line) === null,
  apply({ coupon, lines, nowSeconds }: CouponState): CouponCheck {
    if (coupon.validFrom !== undefined && nowSeconds < coupon.validFrom) return refuse(coupon, 'not_started');
    if (coupon.validTo !== undefined && nowSeconds > coupon.validTo) return refuse(coupon, 'expired');
    const eligible: CouponLine[] = [];
    let specialOnly = false;
    for (const line of lines) {
      const why = couponLineRefusal(coupon, line);
      if (why === null) eligible.push(line);
      else if (why === 'special_excluded') specialOnly = true;
    }
    if (eligible.length === 0) return refuse(coupon, specialOnly ? 'special_excluded' : 'out_of_scope');
    const eligibleAmountFen = eligible.reduce((sum, l) => sum + l.amountFen, 0);
    const threshold = coupon.thresholdFen ?? 0;
    if (eligibleAmountFen < threshold)
      return refuse(coupon, 'below_threshold', threshold - eligibleAmountFen);
    const discountFen = couponDiscount(coupon, eligibleAmountFen);
    return {
      applicable: true,
      couponId: coupon.id,
      eligibleAmountFen,
      discountFen,
      lineIds: eligible.map((l) => l.id),
      sharesFen: prorate(
        discountFen,
        eligible.map((l) => ({ id: l.id, weight: l.amountFen })),
      ),
    };
  },
};

export const checkCoupon = (coupon: Coupon, lines: readonly CouponLine[], nowSeconds: number): CouponCheck =>
  couponRule.apply({ coupon, lines, nowSeconds });

/** Every coupon checked, applicable ones first by discount (largest first), for the coupon picker. */
export function rankCoupons(
  coupons: readonly Coupon[],
  lines: readonly CouponLine[],
  nowSeconds: number,
): CouponCheck[] {
  return coupons
    .map((c) => checkCoupon(c, lines, nowSeconds))
    .sort((a, b) => {
      if (a.applicable !== b.applicable) return a.applicable ? -1 : 1;
      if (a.applicable && b.applicable)
        return b.discountFen - a.discountFen || String(a.couponId).localeCompare(String(b.couponId));
      return String(a.couponId).localeCompare(String(b.couponId));
    });
}

// The coupon as a registered rule (rules/index.ts): one held coupon per order, run by
// orderTotal after the cart's promotions. Its action arguments are the coupon itself; its
// condition is the held coupon's validity and threshold, checked by `checkCoupon`.

const fen = z.number().int().nonnegative();
const couponBaseArgs = {
  id: z.union([z.number().int(), z.string().min(1)]),
  name: z.string().optional(),
  thresholdFen: fen.optional(),
  validFrom: z.number().int().optional(),
  validTo: z.number().int().optional(),
  coverage: z
    .object({
      all: z.boolean().optional(),
      goodsIds: z.array(z.number().int()).optional(),
      categoryIds: z.array(z.number().int()).optional(),
      brandIds: z.array(z.number().int()).optional(),
      zones: z.array(z.string()).optional(),
      excludeGoodsIds: z.array(z.number().int()).optional(),
    })
    .optional(),
  excludeSpecial: z.boolean().optional(),
};
export const couponArgs: z.ZodType<Coupon> = z.discriminatedUnion('kind', [
  z.object({ ...couponBaseArgs, kind: z.literal('amount_off'), amountFen: fen }),
  z.object({
    ...couponBaseArgs,
    kind: z.literal('discount'),
    ratePercent: z.number().int().min(1).max(100),
    maxDiscountFen: fen.optional(),
  }),
  z.object({ ...couponBaseArgs, kind: z.literal('cash'), amountFen: fen }),
]);

/** The coupon's view of a rule line: what it took so far, in the coupon's terms. */
export const couponLineOf = (line: RuleLine): CouponLine => ({
  id: line.id,
  goodsId: line.goodsId,
  amountFen: line.amountFen,
  withCoupon: line.withCoupon,
  specialKind: line.taken.includes('special_price')
    ? 'special_price'
    : line.taken.includes('welfare')
      ? 'welfare'
      : null,
  fullReduction: line.taken.includes('full_reduction'),
  facts: line.facts ?? undefined,
});

const meta = { kind: 'coupon', stacking: 'coupon', effect: 'share' } as const;

export const couponPromotionRule = defineRule<Record<string, never>, Coupon, CouponCheck>({
  ...meta,
  label: '优惠券',
  stage: 'order',
  condition: z.object({}) as z.ZodType<Record<string, never>>,
  action: couponArgs,
  editor: [
    {
      name: 'kind',
      in: 'action',
      label: '券类型',
      type: 'count',
      required: true,
      help: '满减券、折扣券、现金券',
    },
    { name: 'thresholdFen', in: 'action', label: '使用门槛（元）', type: 'fen', required: false },
    { name: 'amountFen', in: 'action', label: '面额（元）', type: 'fen', required: false },
    { name: 'ratePercent', in: 'action', label: '折扣（%）', type: 'percent', required: false },
    { name: 'maxDiscountFen', in: 'action', label: '最高优惠（元）', type: 'fen', required: false },
    { name: 'excludeSpecial', in: 'action', label: '特价商品不参与', type: 'boolean', required: false },
  ],
  applies: (line, promotion) => couponLineRefusal(promotion.action, couponLineOf(line)) === null,
  // Checked over every line offered, so a refusal names the right reason (特价商品不参与).
  apply(_lines, promotion, ctx): Applied<CouponCheck> {
    const check = checkCoupon(promotion.action, ctx.lines.map(couponLineOf), ctx.nowSeconds);
    const shares = new Map<LineId, Fen>(
      check.applicable ? check.lineIds.map((id, i) => [id, check.sharesFen[i]] as const) : [],
    );
    return {
      ...meta,
      code: promotion.code ?? meta.kind,
      promotionId: promotion.id,
      label: promotion.label,
      amountFen: check.applicable ? check.discountFen : 0,
      baseFen: check.applicable ? check.eligibleAmountFen : 0,
      lineIds: check.applicable ? check.lineIds : [],
      shares,
      refusal: check.applicable ? null : check.message,
      detail: check,
    };
  },
});
