import type { GoodsSummary } from '@yaocai/domain';
import { Link } from 'react-router';
import { detailHref } from '../lib/goods-view';
import { BuyBox } from './BuyBox';
import { ExpiryText } from './ExpiryText';
import { LadderPriceTable } from './LadderPriceTable';
import { PriceTag } from './PriceTag';
import { RxBadge } from './RxBadge';
import { TagBadges } from './TagBadges';
import '../catalog.css';

interface Props {
  goods: GoodsSummary;
  /** Without stepper and button (home page floors). */
  lite?: boolean;
  /** Eager image for the first cards above the fold. */
  eager?: boolean;
}

/** A goods card: packaging image, name, spec, manufacturer, validity, price, stepper + 加入购物车. */
export function GoodsCard({ goods, lite, eager }: Props) {
  return (
    <div className="yc-card" data-testid="goods-card">
      <Link to={detailHref(goods)} className="yc-card-img">
        <img src={goods.image} alt={goods.name} loading={eager ? 'eager' : 'lazy'} width={200} height={200} />
      </Link>
      <div>
        <PriceTag goods={goods} showBlock={!lite} />
      </div>
      <Link to={detailHref(goods)} className="yc-card-name" title={goods.name}>
        <RxBadge goods={goods} />
        {goods.name}
      </Link>
      <div className="yc-muted" title={goods.ypgg}>
        {goods.ypgg}
        {goods.bzdw ? ` / ${goods.bzdw}` : ''}
      </div>
      <div className="yc-muted" title={goods.sccj}>
        {goods.sccj}
      </div>
      {!lite && (
        <div className="yc-muted">
          效期：
          <ExpiryText goods={goods} />
          　中包装：{goods.step_quantity}
        </div>
      )}
      <div style={{ minHeight: 16 }}>
        <TagBadges tags={goods.controlled ? ['控销', ...goods.tags] : goods.tags} />
        {goods.is_free_shipping && <span className="yc-muted">满{goods.free_shipping_number}包邮</span>}
      </div>
      {!lite && <LadderPriceTable goods={goods} compact />}
      {!lite && <BuyBox goods={goods} />}
    </div>
  );
}
