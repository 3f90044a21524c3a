import type { GoodsSummary } from '@yaocai/domain';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { PRICE_TIP_LOGIN, PRICE_TIP_PENDING, purchaseBlock } from '../../lib/goods/goods-view';

interface Props {
  goods: GoodsSummary;
  /** Price to show instead of the base price (the ladder price of the chosen quantity). */
  price?: number | null;
  size?: 'normal' | 'large';
  /** Show why the goods cannot be bought (out of business scope, not for sale, no stock). */
  showBlock?: boolean;
  /** Also the rule's full explanation under the reason (the detail page). */
  detailed?: boolean;
}

/**
 * The price, or who may see it: visitors log in first; otherwise the server's reason (the
 * eligibility rule's text: pending approval, a disabled account ...).
 */
export function PriceTag({ goods, price, size = 'normal', showBlock = true, detailed = false }: Props) {
  const location = useLocation();
  // A 控销 refusal is the price tip itself: not told twice.
  const block = showBlock && goods.price_visibility !== 'controlled' ? purchaseBlock(goods) : null;
  const detail = block && detailed ? goods.unavailable?.detail : null;
  const shown = price ?? goods.base_price;
  let body: ReactNode;
  if (goods.price_visibility === 'login') {
    const back = encodeURIComponent(location.pathname + location.search);
    body = (
      <span className="yc-price-tip" data-testid="price-tip">
        <Link to={`/login?redirect=${back}`}>{PRICE_TIP_LOGIN}</Link>
      </span>
    );
  } else if (goods.price_visibility !== 'visible' || shown === null) {
    body = (
      <span className="yc-price-tip" data-testid="price-tip">
        {goods.price_tip || PRICE_TIP_PENDING}
      </span>
    );
  } else {
    body = (
      <span className={`yc-price${size === 'large' ? ' yc-price-lg' : ''}`} data-testid="price">
        <small>¥</small>
        {shown.toFixed(2)}
      </span>
    );
  }
  return (
    <span>
      {body}
      {block && (
        <div
          className="yc-scope-block"
          data-testid="purchase-block"
          title={goods.unavailable?.detail ?? undefined}
        >
          {block}
        </div>
      )}
      {detail && (
        <div className="yc-scope-block" data-testid="purchase-block-detail">
          {detail}
        </div>
      )}
    </span>
  );
}
