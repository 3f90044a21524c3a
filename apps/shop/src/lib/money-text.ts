/**
 * ¥12.30 from a yuan number of the wire. A price the server withheld (null: the buyer may not see
 * prices, see the cart's price_tip) shows `hidden` instead.
 */
export const yuan = (value: number | null, hidden = '') => (value === null ? hidden : `¥${value.toFixed(2)}`);

/**
 * Beside a free-shipping figure (cart bar, verify page): paid orders not shipped yet ship with
 * this one and count towards its free shipping (no_trans_order_amount); '' when there are none.
 */
export const unshippedOrdersNote = (amount: number) =>
  amount > 0 ? `（已计入待发货订单${yuan(amount)}）` : '';
