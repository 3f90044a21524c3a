import { clampQuantity, type GoodsSummary } from '@yaocai/domain';
import { useState } from 'react';
import { quantityRuleOf } from '../../lib/goods/goods-view';
import { AddToCartButton } from './AddToCartButton';
import { QuantityStepper } from './QuantityStepper';

/** Stepper + 加入购物车 of one goods row (cards, table, text list). */
export function BuyBox({ goods, compact }: { goods: GoodsSummary; compact?: boolean }) {
  const rule = quantityRuleOf(goods);
  const [quantity, setQuantity] = useState(() => clampQuantity(rule.min, rule));
  const showStepper = goods.price_visibility === 'visible';
  return (
    <div className="yc-card-buy">
      {showStepper && <QuantityStepper size="small" value={quantity} onChange={setQuantity} rule={rule} />}
      <AddToCartButton goods={goods} quantity={quantity} size="small" block={!showStepper || compact} />
    </div>
  );
}
