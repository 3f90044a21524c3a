import { type Fen, formatYuan } from '../../money';

/**
 * Gifts on a cart line (gift_data: total and type, spec section 3). The spec adds the gift
 * total to the selected total whatever the type: a free gift (赠) carries total 0, an add-on
 * deal (换购: once the line qualifies, extra goods at a deal price) carries what the buyer pays
 * for the add-ons.
 */
export const GIFT_TYPE = { gift: 1, addOn: 2 } as const;

export const giftTypeLabels: Record<number, string> = { [GIFT_TYPE.gift]: '赠', [GIFT_TYPE.addOn]: '换购' };

export interface LineGift {
  totalFen: Fen;
  type: number;
}

/** What a line's gifts add to the selected total (never negative). */
export const giftChargeFen = (gift: LineGift | null | undefined): Fen =>
  gift && Number.isSafeInteger(gift.totalFen) && gift.totalFen > 0 ? gift.totalFen : 0;

/** 买N赠M: "buy buyQuantity, get giftQuantity free", once or per multiple, up to maxGifts. */
export interface BuyGetRule {
  buyQuantity: number;
  giftQuantity: number;
  repeat?: boolean;
  maxGifts?: number;
}

/** A gift rule as the detail page announces it. */
export interface GiftRuleText extends BuyGetRule {
  type: number;
  /** Packing unit of the goods bought and of the gift (盒, 包, 支...). */
  unit: string;
  giftName: string;
  giftUnit: string;
  /** 换购 price of one gift unit. */
  priceFen: Fen;
}

/**
 * e.g. 每买10盒赠稳健 医用棉签(灭菌) ×1包，最多赠5包 / 买1台可加¥9.90换购欧姆龙 电子体温计 ×1支.
 * The numbers are those giftUnits applies in the cart.
 */
export function describeGiftRule(rule: GiftRuleText): string {
  const buy = `${rule.repeat ? '每买' : '买'}${rule.buyQuantity}${rule.unit}`;
  const gift = `${rule.giftName} ×${rule.giftQuantity}${rule.giftUnit}`;
  if (rule.type === GIFT_TYPE.addOn) {
    const cap = rule.maxGifts === undefined ? '' : `，最多换购${rule.maxGifts}${rule.giftUnit}`;
    return `${buy}可加${formatYuan(rule.priceFen)}换购${gift}${cap}`;
  }
  const cap = rule.maxGifts === undefined ? '' : `，最多赠${rule.maxGifts}${rule.giftUnit}`;
  return `${buy}赠${gift}${cap}`;
}

/** Gift units earned by buying `quantity`. */
export function giftUnits(rule: BuyGetRule, quantity: number): number {
  if (rule.buyQuantity <= 0 || rule.giftQuantity <= 0 || quantity < rule.buyQuantity) return 0;
  const times = rule.repeat ? Math.floor(quantity / rule.buyQuantity) : 1;
  const units = times * rule.giftQuantity;
  return rule.maxGifts === undefined ? units : Math.max(0, Math.min(units, rule.maxGifts));
}

/** 换购: once the qualifying amount reaches the threshold, items may be added at deal prices. */
export interface AddOnDeal {
  thresholdFen: Fen;
  items: readonly { goodsId: number | string; priceFen: Fen; quantity: number; maxQuantity?: number }[];
}

export interface AddOnResult {
  unlocked: boolean;
  /** How much more unlocks the deal (0 when unlocked). */
  gapFen: Fen;
  /** What the chosen add-ons cost (0 while locked); quantities are held to each item's limit. */
  totalFen: Fen;
}

export function addOnTotal(deal: AddOnDeal, qualifyingAmountFen: Fen): AddOnResult {
  const unlocked = qualifyingAmountFen >= deal.thresholdFen && qualifyingAmountFen > 0;
  if (!unlocked)
    return {
      unlocked,
      gapFen: Math.max(deal.thresholdFen, 1) - Math.max(0, qualifyingAmountFen),
      totalFen: 0,
    };
  let totalFen = 0;
  for (const item of deal.items) {
    const quantity = Math.max(0, Math.floor(Math.min(item.quantity, item.maxQuantity ?? item.quantity)));
    totalFen += Math.max(0, item.priceFen) * quantity;
  }
  return { unlocked, gapFen: 0, totalFen };
}
