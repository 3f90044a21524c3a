import type { GoodsSummary } from '@yaocai/domain';
import { Link } from 'react-router';
import { detailHref } from '../../lib/goods/goods-view';
import { Highlighted } from '../Highlighted';
import { BuyBox } from './BuyBox';
import { ExpiryText } from './ExpiryText';
import { PriceTag } from './PriceTag';
import { RxBadge } from './RxBadge';
import { TagBadges } from './TagBadges';

/** Text list without images (/list/no_image): quick to scan on slow connections. */
export function GoodsTextList({ goods }: { goods: GoodsSummary[] }) {
  return (
    <div className="yc-text-list" data-testid="goods-text-list">
      <div className="yc-text-row" style={{ background: '#fafafa', color: '#707070' }}>
        <span>商品名称</span>
        <span>规格</span>
        <span>生产厂家</span>
        <span>效期</span>
        <span>价格</span>
        <span>采购</span>
      </div>
      {goods.map((g) => (
        <div className="yc-text-row" key={g.id} data-testid="goods-text-row">
          <span>
            <Link to={detailHref(g)} className="yc-goods-link">
              <RxBadge goods={g} />
              <Highlighted text={g.name} ranges={g.hl} />
            </Link>{' '}
            <TagBadges tags={g.tags} />
          </span>
          <span className="yc-muted">
            {g.ypgg}/{g.bzdw}
          </span>
          <span className="yc-muted">{g.sccj}</span>
          <span className="yc-muted">
            <ExpiryText goods={g} />
          </span>
          <PriceTag goods={g} />
          <BuyBox goods={g} compact />
        </div>
      ))}
    </div>
  );
}
