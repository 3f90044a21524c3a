import type { GoodsDetail } from '@yaocai/domain';
import { rxClassLabel, unitPriceFor } from '@yaocai/domain/catalog/goods-view';
import { ladderRows } from '@yaocai/domain/catalog/ladder-text';
import List from 'antd-mobile/es/components/list';
import { yuan } from '../../lib/format';

/** The detail screen's facts: price for the chosen quantity, ladder, activities, batch and stock. */
export function GoodsInfo({ goods, quantity }: { goods: GoodsDetail; quantity: number }) {
  const unit = quantity > 0 ? unitPriceFor(goods, quantity) : goods.base_price;
  const ladder =
    goods.base_price === null ? [] : ladderRows(goods.ladder_price_type, goods.ladder_price, goods.bzdw);
  const rx = rxClassLabel[goods.rx_class];
  return (
    <>
      <section className="m-detail__head">
        <p className="m-detail__price" data-testid="detail-price">
          {unit === null ? (
            <span className="m-price m-price--tip">{goods.price_tip}</span>
          ) : (
            <span className="m-price m-price--big">{yuan(unit)}</span>
          )}
          {goods.retail_price !== null && unit !== null ? (
            <small>建议零售价 {yuan(goods.retail_price)}</small>
          ) : null}
        </p>
        <h1 className="m-detail__name">
          {rx ? <span className="m-rx">{rx}</span> : null}
          {goods.name}
        </h1>
        <p className="m-goods__meta">
          {goods.ypgg} · {goods.sccj}
        </p>
        {ladder.length ? (
          <div className="m-ladder" data-testid="ladder-prices">
            {ladder.map((row) => (
              <span key={row.range}>
                {row.range} <b>{yuan(row.price)}</b>
              </span>
            ))}
          </div>
        ) : null}
        {goods.manjian.length || goods.gifts.length ? (
          <div className="m-detail__acts">
            {goods.manjian.map((tier) => (
              <p key={tier.amount}>
                <span className="m-tag">满减</span> 满{tier.amount}减{tier.reduction}
              </p>
            ))}
            {goods.gifts.map((gift) => (
              <p key={gift.text}>
                <span className="m-tag">{gift.label}</span> {gift.text}
              </p>
            ))}
          </div>
        ) : null}
      </section>
      <List header="商品信息">
        <List.Item extra={goods.approval_no || '—'}>批准文号</List.Item>
        <List.Item extra={goods.bzdw}>单位</List.Item>
        <List.Item extra={`${goods.min_quantity} / ${goods.step_quantity}`}>起购 / 中包装</List.Item>
        <List.Item
          extra={<span className={goods.near_expiry ? 'm-warn' : undefined}>{goods.expires_on ?? '—'}</span>}
        >
          有效期至
        </List.Item>
        {goods.inspection_report ? (
          <List.Item
            extra={`${goods.inspection_report.batch_no}（至 ${goods.inspection_report.expires_on}）`}
          >
            批号
          </List.Item>
        ) : null}
        {goods.stock.map((s) => (
          <List.Item key={s.ck_id} extra={s.number > 0 ? `有货 ${s.number}` : '缺货'}>
            {s.name}
          </List.Item>
        ))}
        {goods.storage ? <List.Item extra={goods.storage}>贮藏</List.Item> : null}
      </List>
      {goods.description ? (
        <section className="m-pad m-detail__desc">
          <h2>说明</h2>
          <p>{goods.description}</p>
        </section>
      ) : null}
    </>
  );
}
