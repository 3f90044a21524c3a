import type { CartState } from '@yaocai/domain';
import { Button } from 'antd';
import { LightCheckbox } from '../../../components/LightCheckbox';
import { useConfirmDelete } from './confirm-delete';
import { yuan } from './format';

interface Props {
  state: CartState;
  busy: boolean;
  checkingOut: boolean;
  onSelectAll: (selected: boolean) => void;
  onDeleteSelected: () => void;
  onCopy: () => void;
  onCheckout: () => void;
}

/** Sticky bottom bar: select all, batch delete, copy, the totals and the checkout button. */
export function CartFooter({
  state,
  busy,
  checkingOut,
  onSelectAll,
  onDeleteSelected,
  onCopy,
  onCheckout,
}: Props) {
  const confirmDelete = useConfirmDelete();
  const s = state.summary;
  const hidden = state.price_visibility !== 'visible';
  return (
    <div className="yc-cart-foot" data-testid="cart-footer">
      <LightCheckbox
        checked={s.all_selected}
        indeterminate={s.selected_count > 0 && !s.all_selected}
        disabled={busy || s.selectable_count === 0}
        onChange={onSelectAll}
      >
        全选
      </LightCheckbox>
      <Button
        type="link"
        disabled={s.selected_count === 0}
        data-testid="cart-batch-delete"
        onClick={() => confirmDelete('确定删除选中的商品吗?', onDeleteSelected)}
      >
        删除选中
      </Button>
      <Button type="link" disabled={s.selected_count === 0} onClick={onCopy} data-testid="cart-copy">
        复制到其他门店
      </Button>
      <div className="yc-cart-foot__sum">
        <span>
          已选 <b>{s.selected_count}</b> 种 <b>{s.selected_quantity}</b> 件
        </span>
        {hidden ? (
          <b className="yc-price" data-testid="cart-price-tip-total">
            {state.price_tip}
          </b>
        ) : (
          <>
            <span>商品合计：{yuan(s.selected_total)}</span>
            {(s.reduction ?? 0) > 0 && <span data-testid="cart-reduction">满减：-{yuan(s.reduction)}</span>}
            <span>
              应付（不含运费）：
              <b className="yc-price yc-price-lg" data-testid="cart-payable">
                {yuan(s.payable)}
              </b>
            </span>
          </>
        )}
      </div>
      <Button
        type="primary"
        danger
        size="large"
        className="yc-cart-foot__go"
        data-testid="cart-checkout"
        disabled={s.selected_count === 0 || hidden}
        loading={checkingOut}
        onClick={onCheckout}
      >
        去结算
      </Button>
    </div>
  );
}
