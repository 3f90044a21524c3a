import type { GoodsSummary } from '@yaocai/domain';
import { BuyBox } from './BuyBox';
import { ExpiryText } from './ExpiryText';
import { GoodsCardFace } from './GoodsCardFace';
import { LadderPriceTable } from './LadderPriceTable';

interface Props {
  goods: GoodsSummary;
  /** Without stepper and button (member centre; the home floors use GoodsCardFace itself). */
  lite?: boolean;
  /** Eager image, fetched first, for the first cards above the fold (a list's largest paint). */
  eager?: boolean;
}

/** A goods card: packaging image, name, spec, manufacturer, validity, price, stepper + 加入购物车. */
export function GoodsCard({ goods, lite, eager }: Props) {
  if (lite) return <GoodsCardFace goods={goods} eager={eager} />;
  return (
    <GoodsCardFace
      goods={goods}
      eager={eager}
      priority={eager}
      showBlock
      details={
        <div className="yc-muted">
          效期：
          <ExpiryText goods={goods} />
          {/* An explicit ideographic space: JSX trims it as leading whitespace of the line. */}
          {'\u3000'}中包装：{goods.step_quantity}
        </div>
      }
      footer={
        <>
          <LadderPriceTable goods={goods} compact />
          <BuyBox goods={goods} />
        </>
      }
    />
  );
}
