import type { CartLine as Line } from '@yaocai/domain';
import { Button, Tag } from 'antd';
import { Link } from 'react-router';
import { LightCheckbox } from '../../../components/LightCheckbox';
import { CartStepper } from './CartStepper';
import { useConfirmDelete } from './confirm-delete';
import { yuan } from './format';

interface Props {
  line: Line;
  /** Shown instead of prices the buyer may not see (the cart's price_tip). */
  priceTip: string;
  busy: boolean;
  onSelect: (selected: boolean) => void;
  onQuantity: (number: number) => void;
  onDelete: () => void;
}

/** One cart line: selection, goods, the ladder tier in effect and the next one, stepper, amount. */
export function CartLine({ line, priceTip, busy, onSelect, onQuantity, onDelete }: Props) {
  const g = line.goods;
  const confirmDelete = useConfirmDelete();
  const blocked = line.unselected_reason !== null;
  return (
    <div
      className={`yc-cart-line${blocked ? ' is-blocked' : ''}`}
      data-testid="cart-line"
      data-line-id={line.id}
    >
      <LightCheckbox
        ariaLabel={`选择${g.name}`}
        checked={line.is_selected}
        disabled={blocked || busy}
        onChange={onSelect}
      />
      <img className="yc-cart-line__img" src={g.goods_image[0]?.list} alt={g.name} width={80} height={80} />
      <div className="yc-cart-line__info">
        <Link to={`/list/info/${g.id}`} className="yc-cart-line__name">
          {line.is_combination && <Tag color="purple">套餐</Tag>}
          {line.goods_manjian_id > 0 && (
            <Tag color="red" data-testid="cart-manjian-tag">
              满减
            </Tag>
          )}
          {g.name}
        </Link>
        {!line.is_combination && (
          <div className="yc-cart-line__meta">
            {g.ypgg} · {g.sccj}
          </div>
        )}
        {line.combination && (
          <ul className="yc-cart-line__combo">
            {line.combination.items.map((i) => (
              <li key={i.goods_id}>
                {i.name} {i.ypgg} ×{i.number}
              </li>
            ))}
            {line.combination.original_price !== null && (
              <li className="yc-muted">单买合计{yuan(line.combination.original_price)}</li>
            )}
          </ul>
        )}
        {line.special && (
          <div className="yc-cart-line__gift" data-testid="cart-special">
            <Tag color="red">{line.special.label}</Tag>
            {line.special.price !== null &&
              `${line.special.units}件按${line.special.label}价${yuan(line.special.price)}`}
            {line.special.price !== null &&
              line.special.units < line.number &&
              `，其余${line.number - line.special.units}件按原价`}
            {line.special.saving !== null &&
              line.special.saving > 0 &&
              `${line.special.price !== null ? ' · ' : ''}省${yuan(line.special.saving)}`}
          </div>
        )}
        {line.gift_data && (
          <div className="yc-cart-line__gift" data-testid="cart-gift">
            <Tag color="orange">{line.gift_data.label}</Tag>
            {line.gift_data.items.map((i) => `${i.name} ×${i.number}`).join('，')}
            {(line.gift_data.total ?? 0) > 0 && ` （加${yuan(line.gift_data.total)}）`}
          </div>
        )}
        <div className="yc-cart-line__meta">
          仓库：{line.ck_name} · 库存{g.number}
          {line.step > 1 && ` · 中包装${line.step}`}
          {line.min > 1 && ` · 起购${line.min}`}
        </div>
        {g.is_free_shipping && (
          <div className="yc-cart-line__meta" data-testid="cart-single-free-shipping">
            <Tag color={line.single_free_shipping ? 'green' : 'default'}>单品包邮</Tag>
            {line.single_free_shipping
              ? '本商品已满足包邮'
              : `满${g.free_shipping_number}${g.bzdw}包邮，还差${Math.max(0, g.free_shipping_number - line.number)}${g.bzdw}`}
          </div>
        )}
        {blocked && <div className="yc-cart-line__warn">{line.unselected_text}</div>}
        {line.scope_message && (
          <div className="yc-cart-line__warn" data-testid="cart-scope-message">
            {line.scope_message}
          </div>
        )}
        {!blocked && line.quantity_messages.length > 0 && (
          <div className="yc-cart-line__warn">{line.quantity_messages[0]}</div>
        )}
      </div>
      <div className="yc-cart-line__price" data-testid="cart-unit-price">
        {line.price === null ? (
          <span className="yc-muted" data-testid="cart-price-tip">
            {priceTip}
          </span>
        ) : (
          <span className="yc-price">{yuan(line.price)}</span>
        )}
        {line.ladder_tier && (
          <div className="yc-cart-line__tier" data-testid="cart-tier">
            已享阶梯价（
            {line.goods.ladder_price_type === 1
              ? `≤${line.ladder_tier.number}`
              : `满${line.ladder_tier.number}`}
            {g.bzdw}）
          </div>
        )}
        {line.next_ladder && (
          <div className="yc-cart-line__next" data-testid="cart-next-tier">
            再买{line.next_ladder.more}
            {g.bzdw}，单价降至{yuan(line.next_ladder.price)}
          </div>
        )}
      </div>
      <div className="yc-cart-line__qty">
        <CartStepper
          value={line.number}
          rule={{ min: line.min, step: line.step, stock: line.max }}
          disabled={busy || line.max < line.min}
          onCommit={onQuantity}
        />
      </div>
      <div className="yc-cart-line__amount">
        <span className="yc-price" data-testid="cart-line-amount">
          {yuan(line.subtotal, '—')}
        </span>
        {(line.reduction_share ?? 0) > 0 && (
          <div className="yc-muted">满减分摊 -{yuan(line.reduction_share)}</div>
        )}
      </div>
      <Button
        type="link"
        size="small"
        data-testid="cart-delete"
        onClick={() => confirmDelete('确定删除该商品吗?', onDelete)}
      >
        删除
      </Button>
    </div>
  );
}
