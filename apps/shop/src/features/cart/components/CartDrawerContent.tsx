import { Empty, Spin } from 'antd';
import '../cart.css';
import { Link } from 'react-router';
import { useCartList } from '../api/cart-list';
import { yuan } from './format';

/**
 * The compact lines list of the side-bar cart drawer. Mounted only while the drawer is open,
 * so the cart-changed invalidation refetches it exactly when it is visible.
 */
export function CartDrawerContent() {
  const list = useCartList();
  if (list.isPending) return <Spin style={{ display: 'block', margin: '40px auto' }} />;
  const state = list.data;
  if (!state || state.data.length === 0) {
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="购物车空空如也~" />;
  }
  return (
    <div className="yc-cart-mini" data-testid="cart-drawer-lines">
      <ul>
        {state.data.map((line) => (
          <li key={line.id} className={line.is_selected ? '' : 'is-off'}>
            <img src={line.goods.goods_image[0]?.list} alt="" width={48} height={48} />
            <div>
              <Link to={`/list/info/${line.goods.id}`} className="yc-cart-mini__name">
                {line.goods.name}
              </Link>
              <div className="yc-muted">
                {yuan(line.price, state.price_tip)} × {line.number}
                {line.goods.bzdw}
              </div>
            </div>
            <span className="yc-price">{yuan(line.subtotal, '—')}</span>
          </li>
        ))}
      </ul>
      <div className="yc-cart-mini__sum">
        已选{state.summary.selected_count}种 合计{' '}
        <b className="yc-price">{yuan(state.summary.payable, state.price_tip)}</b>
        {state.hints[0] && <div className="yc-cart-mini__hint">{state.hints[0].text}</div>}
      </div>
    </div>
  );
}
