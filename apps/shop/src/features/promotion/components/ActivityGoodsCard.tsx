import type { GoodsSummary } from '@yaocai/domain';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BuyBox } from '../../../components/goods/BuyBox';
import { PriceTag } from '../../../components/goods/PriceTag';
import { LightPager } from '../../../components/LightPager';
import { detailHref } from '../../../lib/goods/goods-view';
import '../../../components/goods/catalog.css';

interface Props {
  goods: GoodsSummary;
  /** The activity price (null: hidden from this viewer, the price tag says why). */
  price: number | null;
  /** A line under the price: limits, stock left. */
  note?: ReactNode;
}

/** A goods on an activity page: the activity price, the normal price struck through, add to cart. */
export function ActivityGoodsCard({ goods, price, note }: Props) {
  return (
    <div className="yc-card" data-testid="activity-goods">
      <Link to={detailHref(goods)} className="yc-card-img">
        <img src={goods.image} alt={goods.name} loading="lazy" width={200} height={200} />
      </Link>
      <div>
        <PriceTag goods={goods} price={price} />
        {price !== null && goods.base_price !== null && price < goods.base_price && (
          <span className="yc-muted" style={{ marginLeft: 8 }}>
            原价<s>¥{goods.base_price.toFixed(2)}</s>
          </span>
        )}
      </div>
      <Link to={detailHref(goods)} className="yc-card-name" title={goods.name}>
        {goods.name}
      </Link>
      <div className="yc-muted" title={goods.ypgg}>
        {goods.ypgg}
        {goods.bzdw ? ` / ${goods.bzdw}` : ''}
      </div>
      <div className="yc-muted" title={goods.sccj}>
        {goods.sccj}
      </div>
      {note && <div className="sh-activity-note">{note}</div>}
      <BuyBox goods={goods} />
    </div>
  );
}

/** An activity's goods as cards at its price, with a pager once they fill more than one page. */
export function ActivityGoodsGrid<G extends GoodsSummary>({
  goods,
  price,
  page,
  onPage,
}: {
  goods: { list: G[]; total: number; page_size: number };
  price: (g: G) => number | null;
  page: number;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <div className="yc-grid">
        {goods.list.map((g) => (
          <ActivityGoodsCard key={g.id} goods={g} price={price(g)} />
        ))}
      </div>
      {goods.total > goods.page_size && (
        <LightPager
          style={{ marginTop: 16 }}
          current={page}
          pageSize={goods.page_size}
          total={goods.total}
          onChange={onPage}
        />
      )}
    </>
  );
}
