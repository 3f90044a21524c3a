import type { CartState } from '@yaocai/domain';
import { Tag } from 'antd';
import { yuan } from './format';

/** Free-shipping gap: threshold - selected total - already ordered (computed by the server). */
export function FreeShippingBar({ state }: { state: CartState }) {
  const { shipping_amount, shipping_fee, no_trans_order_amount } = state.shipping_data;
  // Paid orders not shipped yet ship with this one and count towards its free shipping.
  const counted = no_trans_order_amount > 0 ? `（已计入待发货订单${yuan(no_trans_order_amount)}）` : '';
  if (shipping_amount <= 0) return null;
  const gap = state.summary.free_shipping_gap;
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
