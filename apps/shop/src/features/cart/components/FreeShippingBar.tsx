import type { CartState } from '@yaocai/domain';
import { Tag } from 'antd';
import { unshippedOrdersNote, yuan } from './format';

/** Free-shipping gap: threshold - selected total - already ordered (computed by the server). */
export function FreeShippingBar({ state }: { state: CartState }) {
  const { shipping_amount, shipping_fee, no_trans_order_amount } = state.shipping_data;
  const counted = unshippedOrdersNote(no_trans_order_amount);
  const gap = state.summary.free_shipping_gap;
  // The gap reveals the lines' prices: nothing to say while the buyer may not see them.
  if (shipping_amount <= 0 || gap === null) return null;
  return (
    <div className="yc-cart-shipping" data-testid="free-shipping">
      <Tag color="green">包邮</Tag>
      {gap > 0 ? (
        <span>
          满{yuan(shipping_amount)}包邮，还差 <b className="yc-price">{yuan(gap)}</b>（不满运费
          {yuan(shipping_fee)}）{counted}
        </span>
      ) : (
        <span>
          已满{yuan(shipping_amount)}，本单包邮{counted}
        </span>
      )}
    </div>
  );
}
