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
