import { GIFT_TYPE } from '../pricing/promotions/gifts';

/**
 * What an order line is: goods the buyer bought, or what another line earned by a gift rule:
 * a free gift (赠品, price 0) or an add-on deal (换购, at the deal price). Gift lines carry
 * their own goods, quantity and price, so stock, invoices and after-sales see them.
 */
export const ORDER_LINE_KINDS = ['goods', 'gift', 'add_on'] as const;
export type OrderLineKind = (typeof ORDER_LINE_KINDS)[number];

export const orderLineKindLabels: Record<OrderLineKind, string> = {
  goods: '商品',
  gift: '赠品',
  add_on: '换购',
};

/** The order line kind of a gift rule's type (gift_data.type: 1 赠, 2 换购). */
export const orderLineKindOfGift = (giftType: number): OrderLineKind =>
  giftType === GIFT_TYPE.addOn ? 'add_on' : 'gift';

/**
 * Ephedrine-type (含麻黄碱类复方制剂) units an order holds, for the per-order limit: every unit
 * of such goods, whether bought on its own, inside a combination package (units per set x
 * sets) or received as a gift or add-on.
 */
export interface EphedrineLine {
  /** Units, or sets for a package. */
  quantity: number;
  ephedrine: boolean;
  /** A package's goods, each with its units per set. */
  items?: readonly { quantity: number; ephedrine: boolean }[] | null;
  /** Gift and add-on units the line earns. */
  gifts?: readonly { quantity: number; ephedrine: boolean }[];
}

export function ephedrineUnits(lines: readonly EphedrineLine[]): number {
  let units = 0;
  for (const line of lines) {
    if (line.items) {
      for (const item of line.items) if (item.ephedrine) units += item.quantity * line.quantity;
    } else if (line.ephedrine) {
      units += line.quantity;
    }
    for (const gift of line.gifts ?? []) if (gift.ephedrine) units += gift.quantity;
  }
  return units;
}
