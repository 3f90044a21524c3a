import { clampQuantity, type GoodsDetail, giftTypeLabels } from '@yaocai/domain';
import { Radio, Space } from 'antd';
import { useState } from 'react';
import { AddToCartButton, type CartContext } from '../../../components/goods/AddToCartButton';
import { LadderPriceTable } from '../../../components/goods/LadderPriceTable';
import { PriceTag } from '../../../components/goods/PriceTag';
import { QuantityStepper } from '../../../components/goods/QuantityStepper';
import { Badge } from '../../../components/goods/TagBadges';
import { PRICE_TIP_LOGIN, unitPriceFor } from '../../../lib/goods/goods-view';
import { FavoriteButton } from './FavoriteButton';

/** Price box, warehouse choice, stepper, 加入购物车 and 收藏 of the detail page. */
export function DetailBuyPanel({ goods, context }: { goods: GoodsDetail; context: CartContext }) {
  const warehouses = goods.stock.filter((s) => s.number > 0);
  const [ckId, setCkId] = useState(goods.ck_id);
  const stock = goods.stock.find((s) => s.ck_id === ckId)?.number ?? goods.number;
  const rule = { min: goods.min_quantity, step: goods.step_quantity, stock };
  const [wanted, setWanted] = useState(() => clampQuantity(goods.min_quantity, rule));
  const quantity = clampQuantity(wanted, rule);
  const unit = unitPriceFor(goods, quantity);
  const visible = goods.price_visibility === 'visible';
  return (
    <div>
      <div className="yc-price-box">
        <Space align="baseline" size={16}>
          <span style={{ color: '#707070' }}>采购价</span>
          <PriceTag goods={goods} price={unit} size="large" detailed />
          {visible && goods.retail_price !== null && (
            <span style={{ color: '#707070' }}>建议零售价 ¥{goods.retail_price.toFixed(2)}</span>
          )}
        </Space>
        <LadderPriceTable goods={goods} quantity={quantity} />
        {goods.manjian.length > 0 && (
          <div style={{ fontSize: 13 }}>
            <Badge kind="满减" />
            {goods.manjian.map((m) => `满${m.amount}减${m.reduction}`).join('，')}
          </div>
        )}
        {goods.gifts.map((g) => (
          <div key={g.text} style={{ fontSize: 13, marginTop: 4 }} data-testid="detail-gift">
            <Badge kind={giftTypeLabels[g.type] ?? '赠'}>{g.label}</Badge>
            {g.text}
          </div>
        ))}
        {goods.is_free_shipping && (
          <div style={{ fontSize: 13, marginTop: 4 }}>
            <Badge kind="包邮" />
            单品采购满{goods.free_shipping_number}
            {goods.bzdw}包邮
          </div>
        )}
      </div>
      <div style={{ display: 'grid', gridTemplateColumns: '72px 1fr', rowGap: 12, alignItems: 'center' }}>
        <span style={{ color: '#707070' }}>仓库</span>
        {warehouses.length > 0 ? (
          <Radio.Group
            size="small"
            value={ckId}
            onChange={(e) => setCkId(e.target.value)}
            options={goods.stock.map((s) => ({
              value: s.ck_id,
              disabled: s.number <= 0,
              label: `${s.name}（库存 ${s.number}）`,
            }))}
          />
        ) : (
          <span style={{ color: '#c62828' }}>暂时缺货</span>
        )}
        <span style={{ color: '#707070' }}>数量</span>
        <Space>
          <QuantityStepper value={quantity} onChange={setWanted} rule={rule} disabled={!visible} />
          <span className="yc-muted">
            {goods.bzdw}（中包装 {goods.step_quantity}，起购 {goods.min_quantity}）
          </span>
        </Space>
      </div>
      <Space style={{ marginTop: 20 }} size={12}>
        <AddToCartButton goods={goods} quantity={quantity} ckId={ckId} context={context} size="large" />
        <FavoriteButton goodsId={goods.id} favorite={goods.is_favorite} />
      </Space>
      {goods.price_visibility === 'login' && (
        <div className="yc-muted" style={{ marginTop: 8 }}>
          {PRICE_TIP_LOGIN}，登录后即可采购
        </div>
      )}
    </div>
  );
}
