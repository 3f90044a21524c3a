import type { GoodsSummary } from '@yaocai/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { detailHref } from '../../lib/goods/goods-view';
import { Highlighted } from '../Highlighted';
import { PriceTag } from './PriceTag';
import { RxBadge } from './RxBadge';
import { TagBadges } from './TagBadges';
import './catalog.css';

interface Props {
  goods: GoodsSummary;
  /** Eager image for the first cards above the fold. */
  eager?: boolean;
  /** Fetch the image before the page's others (a list's first row is its largest paint). */
  priority?: boolean;
  /** Show why the goods cannot be bought under the price. */
  showBlock?: boolean;
  /** Rows under the manufacturer (the full card's validity and middle package). */
  details?: ReactNode;
  /** Rows at the bottom (the full card's ladder prices, stepper and button). */
  footer?: ReactNode;
}

/**
 * What every goods card shows: packaging image, price, name, spec, manufacturer, tags. The lite
 * cards of the home floors are this alone, so they do not load the stepper (antd's InputNumber).
 */
export function GoodsCardFace({ goods, eager, priority, showBlock = false, details, footer }: Props) {
  return (
    <div className="yc-card" data-testid="goods-card">
      <Link to={detailHref(goods)} className="yc-card-img">
        <img
          src={goods.image}
          alt={goods.name}
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          width={200}
          height={200}
        />
      </Link>
      <div>
        <PriceTag goods={goods} showBlock={showBlock} />
      </div>
      <Link to={detailHref(goods)} className="yc-card-name" title={goods.name}>
        <RxBadge goods={goods} />
        <Highlighted text={goods.name} ranges={goods.hl} />
      </Link>
      <div className="yc-muted" title={goods.ypgg}>
        {goods.ypgg}
        {goods.bzdw ? ` / ${goods.bzdw}` : ''}
      </div>
      <div className="yc-muted" title={goods.sccj}>
        {goods.sccj}
      </div>
      {details}
      <div style={{ minHeight: 16 }}>
        <TagBadges tags={goods.controlled ? ['控销', ...goods.tags] : goods.tags} />
        {goods.is_free_shipping && <span className="yc-muted">满{goods.free_shipping_number}包邮</span>}
      </div>
      {footer}
    </div>
  );
}
