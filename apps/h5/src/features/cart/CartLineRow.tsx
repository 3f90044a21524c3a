import type { CartLine } from '@yaocai/domain';
import { goodsImageSrcSet } from '@yaocai/domain/catalog/image-widths';
import { clampQuantity } from '@yaocai/domain/pricing/quantity';
import Checkbox from 'antd-mobile/es/components/checkbox';
import { Link } from 'react-router';
import { QuantityStepper } from '../../components/QuantityStepper';
import { yuan } from '../../lib/format';

interface Props {
  line: CartLine;
  onSelect(selected: boolean): void;
  onQuantity(quantity: number): void;
  onDelete(): void;
}

/** A cart line: select, picture and name, unit price, stepper within its bounds, delete. */
export function CartLineRow({ line, onSelect, onQuantity, onDelete }: Props) {
  const selectable = line.unselected_reason === null && line.max >= line.min;
  return (
    <div className="m-cart-line" data-testid="cart-line">
      <Checkbox
        className="m-cart-line__check"
        checked={line.is_selected}
        disabled={!selectable}
        onChange={onSelect}
        aria-label={`选择 ${line.goods.name}`}
      />
      <Link to={`/goods/${line.goods.id}`} className="m-cart-line__img">
        <img
          src={line.goods.goods_image[0]?.list}
          srcSet={goodsImageSrcSet(line.goods.goods_image[0]?.list)}
          sizes="72px"
          alt=""
          width={72}
          height={72}
          loading="lazy"
        />
      </Link>
      <div className="m-cart-line__body">
        <h2 className="m-goods__name">{line.goods.name}</h2>
        <p className="m-goods__meta">
          {line.goods.ypgg} · {line.ck_name}
        </p>
        {line.special ? <span className="m-tag">{line.special.label}</span> : null}
        {line.unselected_text ? <p className="m-warn">{line.unselected_text}</p> : null}
        {line.quantity_messages.map((m) => (
          <p key={m} className="m-warn">
            {m}
          </p>
        ))}
        {line.next_ladder ? (
          <p className="m-goods__meta">
            再买{line.next_ladder.more}享 {yuan(line.next_ladder.price)}
          </p>
        ) : null}
        <div className="m-cart-line__foot">
          <span className="m-price">{line.price === null ? '—' : yuan(line.price)}</span>
          <QuantityStepper
            min={line.min}
            max={Math.max(line.max, line.min)}
            step={line.step}
            value={line.number}
            disabled={!selectable}
            onChange={(value) =>
              onQuantity(clampQuantity(value, { min: line.min, step: line.step, stock: line.max }))
            }
            label={`${line.goods.name}数量`}
          />
        </div>
        <button type="button" className="m-cart-line__delete" onClick={onDelete}>
          删除
        </button>
      </div>
    </div>
  );
}
