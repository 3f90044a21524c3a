import type { CartState } from '@yaocai/domain';
import { Tag } from 'antd';
import { yuan } from './format';

/** Free-shipping gap: threshold - selected total - already ordered (computed by the server). */
export function FreeShippingBar({ state }: { state: CartState }) {
  const { shipping_amount, shipping_fee } = state.shipping_data;
  if (shipping_amount <= 0) return null;
  const gap = state.summary.free_shipping_gap;
  return (
    <div className="yc-cart-shipping" data-testid="free-shipping">
      <Tag color="green">包邮</Tag>
      {gap > 0 ? (
        <span>
          满{yuan(shipping_amount)}包邮，还差 <b className="yc-price">{yuan(gap)}</b>（不满运费
          {yuan(shipping_fee)}）
        </span>
      ) : (
        <span>已满{yuan(shipping_amount)}，本单包邮</span>
      )}
    </div>
  );
}
