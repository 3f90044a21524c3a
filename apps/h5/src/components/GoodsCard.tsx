import type { GoodsSummary } from '@yaocai/domain';
import { purchaseBlock, rxClassLabel } from '@yaocai/domain/catalog/goods-view';
import { goodsImageSrcSet } from '@yaocai/domain/catalog/image-widths';
import { Link } from 'react-router';
import { yuan } from '../lib/format';

/** The goods' price as the buyer may see it, or why not (登录可见, 审核后可见...). */
export function GoodsPrice({ goods }: { goods: Pick<GoodsSummary, 'base_price' | 'price_tip'> }) {
  return goods.base_price === null ? (
    <span className="m-price m-price--tip">{goods.price_tip}</span>
  ) : (
    <span className="m-price">{yuan(goods.base_price)}</span>
  );
}

/** A row of a goods list: picture, name, maker, expiry and price; opens the detail screen. */
export function GoodsCard({ goods }: { goods: GoodsSummary }) {
  const rx = rxClassLabel[goods.rx_class];
  const blocked = purchaseBlock(goods);
  return (
    <Link className="m-goods" to={`/goods/${goods.id}`} data-testid="goods-card">
      <img
        className="m-goods__img"
        src={goods.image}
        srcSet={goodsImageSrcSet(goods.image)}
        sizes="96px"
        alt=""
        width={96}
        height={96}
        loading="lazy"
      />
      <div className="m-goods__body">
        <h2 className="m-goods__name">
          {rx ? <span className="m-rx">{rx}</span> : null}
          {goods.name}
        </h2>
        <p className="m-goods__meta">{goods.ypgg}</p>
        <p className="m-goods__meta">{goods.sccj}</p>
        {goods.expires_on ? (
          <p className={goods.near_expiry ? 'm-goods__meta m-warn' : 'm-goods__meta'}>
            效期 {goods.expires_on}
          </p>
        ) : null}
        {goods.tags.length ? (
          <p className="m-goods__tags">
            {goods.tags.map((tag) => (
              <span key={tag} className="m-tag">
                {tag}
              </span>
            ))}
          </p>
        ) : null}
        <div className="m-goods__foot">
          <GoodsPrice goods={goods} />
          {blocked ? <span className="m-goods__blocked">{blocked}</span> : null}
        </div>
      </div>
    </Link>
  );
}
