import { CART_FILTER_ALL, type CheckoutProblem } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Empty, Segmented } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { CartSteps } from '../../../components/CartSteps';
import { PageLoading } from '../../../components/PageLoading';
import { ContractPrompt } from '../../../layout/ContractPrompt';
import { useDeleteCartLines } from '../api/cart-batch-delete';
import { useSelectCartLines } from '../api/cart-batch-select';
import { checkoutProblems, useCheckout } from '../api/cart-checkout';
import { useEditCartLine } from '../api/cart-edit';
import { useCartList } from '../api/cart-list';
import { CartFooter } from '../components/CartFooter';
import { CartGroups } from '../components/CartGroups';
import { FreeShippingBar } from '../components/FreeShippingBar';
import { TierProgress } from '../components/TierProgress';
import '../cart.css';

// The dialogs (and antd's Modal with them) load when one opens, not with the cart.
const CopyToStoresModal = lazy(() =>
  import('../components/CopyToStoresModal').then((m) => ({ default: m.CopyToStoresModal })),
);
const CheckoutProblemsModal = lazy(() =>
  import('../components/CheckoutProblemsModal').then((m) => ({ default: m.CheckoutProblemsModal })),
);

/** /cart and /cart/step1: the cart, step 1 of 4. The side-bar drawer stays open here (shell). */
export default function CartPage() {
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [filters, setFilters] = useState(CART_FILTER_ALL);
  const [copying, setCopying] = useState(false);
  const [problems, setProblems] = useState<CheckoutProblem[] | null>(null);
  const list = useCartList(filters);
  const edit = useEditCartLine();
  const select = useSelectCartLines();
  const remove = useDeleteCartLines();
  const checkout = useCheckout();
  const busy = edit.isPending || select.isPending || remove.isPending;
  const state = list.data;
  const selectedIds = state?.data.filter((l) => l.is_selected).map((l) => l.id) ?? [];

  const goCheckout = () =>
    checkout.mutate(selectedIds, {
      onSuccess: (data) => navigate(`/cart/step2?ids=${data.ids.join(',')}`),
      onError: (error) => {
        const found = checkoutProblems(error);
        if (found) setProblems(found);
        else message.error(error.message);
      },
    });

  return (
    <div className="yc-page yc-cart" data-testid="cart-page">
      <CartSteps current={1} />
      <ContractPrompt />
      {list.isPending ? (
        <PageLoading />
      ) : !state || (state.summary.line_count === 0 && filters === CART_FILTER_ALL) ? (
        <Empty className="yc-cart-empty" description="购物车空空如也~" data-testid="cart-empty">
          <Link to="/list">
            <Button type="primary">去逛逛</Button>
          </Link>
        </Empty>
      ) : (
        <>
          <div className="yc-cart-bar">
            <Segmented
              value={filters}
              onChange={(value) => setFilters(Number(value))}
              options={[
                { label: `全部商品（${state.summary.line_count}）`, value: CART_FILTER_ALL },
                ...state.filter_data.warehouses.map((w) => ({
                  label: `${w.name}（${w.count}）`,
                  value: w.id,
                })),
              ]}
            />
            <FreeShippingBar state={state} />
          </div>
          {state.price_visibility !== 'visible' && (
            <Alert type="warning" showIcon message={state.price_tip} data-testid="cart-price-hidden" />
          )}
          <TierProgress state={state} />
          <div className="yc-cart-head">
            <span>商品信息</span>
            <span>单价</span>
            <span>数量</span>
            <span>小计</span>
            <span>操作</span>
          </div>
          <CartGroups
            state={state}
            busy={busy}
            onSelect={(ids, selected) => select.mutate({ ids, selected })}
            onQuantity={(id, number) => edit.mutate({ id, number })}
            onDelete={(ids) => remove.mutate(ids, { onSuccess: () => message.success('删除成功') })}
          />
          <CartFooter
            state={state}
            busy={busy}
            checkingOut={checkout.isPending}
            onSelectAll={(selected) =>
              select.mutate({
                ids: state.data.filter((l) => l.unselected_reason === null).map((l) => l.id),
                selected,
              })
            }
            onDeleteSelected={() =>
              remove.mutate(selectedIds, { onSuccess: () => message.success('删除成功') })
            }
            onCopy={() => setCopying(true)}
            onCheckout={goCheckout}
          />
          <Suspense fallback={null}>
            {copying && <CopyToStoresModal open ids={selectedIds} onClose={() => setCopying(false)} />}
            {problems && <CheckoutProblemsModal problems={problems} onClose={() => setProblems(null)} />}
          </Suspense>
        </>
      )}
    </div>
  );
}
