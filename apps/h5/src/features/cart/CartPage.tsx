import type { CheckoutProblem } from '@yaocai/domain';
import { HiddenHeading } from '@yaocai/web-client/sr-only';
import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import ProgressBar from 'antd-mobile/es/components/progress-bar';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PullRefresh } from '../../components/PullRefresh';
import { alert, confirm } from '../../lib/dialog';
import { yuan } from '../../lib/format';
import { ApiError, unreportedMessage } from '../../lib/http';
import { useUserBase } from '../../lib/user';
import { useCartList, useCheckout, useDeleteLines, useEditLine, useSelectLines } from './api/cart';
import { CartLineRow } from './CartLineRow';
import { CopyToStores } from './CopyToStores';
import './cart.css';

export default function CartPage() {
  const user = useUserBase();
  const signedIn = user.data?.is_login === true;
  const cart = useCartList(signedIn);
  const edit = useEditLine();
  const select = useSelectLines();
  const remove = useDeleteLines();
  const checkout = useCheckout();
  const navigate = useNavigate();
  const [problems, setProblems] = useState<CheckoutProblem[]>([]);
  const [copying, setCopying] = useState(false);
  const otherStores = (user.data?.stores ?? []).filter((s) => !s.is_current).length;

  if (user.isPending || (signedIn && cart.isPending)) return <DotLoading />;
  if (!signedIn)
    return (
      <ErrorBlock status="empty" title="登录后查看购物车" description="">
        <HiddenHeading>购物车</HiddenHeading>
        <Button color="primary" onClick={() => navigate('/login?redirect=%2Fcart')}>
          去登录
        </Button>
      </ErrorBlock>
    );
  const state = cart.data;
  if (!state || state.data.length === 0)
    return (
      <ErrorBlock status="empty" title="购物车是空的" description="">
        <HiddenHeading>购物车</HiddenHeading>
        <Link className="m-link" to="/">
          去逛逛
        </Link>
      </ErrorBlock>
    );

  const { summary, shipping_data: shipping } = state;
  const selectedIds = state.data.filter((l) => l.is_selected).map((l) => l.id);
  const confirmDelete = async (ids: number[]) => {
    if (await confirm('确定删除选中的商品吗？')) remove.mutate(ids);
  };
  const goCheckout = async () => {
    setProblems([]);
    try {
      const data = await checkout.mutateAsync(selectedIds);
      navigate(`/checkout?ids=${data.ids.join(',')}`);
    } catch (error) {
      const list =
        error instanceof ApiError ? (error.data as { problems?: CheckoutProblem[] } | null)?.problems : null;
      if (list?.length) setProblems(list);
      else {
        const message = unreportedMessage(error, '结算失败', true);
        if (message) void alert(message);
      }
    }
  };

  const shippingProgress =
    shipping.shipping_amount > 0
      ? Math.min(
          100,
          ((shipping.shipping_amount - (summary.free_shipping_gap ?? 0)) / shipping.shipping_amount) * 100,
        )
      : 100;

  return (
    <div className="m-cart">
      <header className="m-cart__head">
        <h1>购物车（{summary.line_count}）</h1>
        {otherStores ? (
          <Button size="small" fill="outline" disabled={!selectedIds.length} onClick={() => setCopying(true)}>
            复制到其他门店
          </Button>
        ) : null}
      </header>
      {copying ? <CopyToStores ids={selectedIds} onClose={() => setCopying(false)} /> : null}
      <section className="m-cart__hints" aria-label="优惠提示">
        {state.hints.map((hint) => (
          <p key={hint.kind + hint.text} className="m-hint" data-testid={`hint-${hint.kind}`}>
            <span className="m-tag">{hint.kind === 'free_shipping' ? '包邮' : '满减'}</span> {hint.text}
          </p>
        ))}
        {state.activity_data.manjians?.manjians.map((tier) => (
          <div key={tier.amount} className="m-hint">
            满{tier.amount}减{tier.reduction}
            {tier.status ? ' 已满足' : ` 还差${yuan(tier.gap)}`}
          </div>
        ))}
        {shipping.shipping_amount > 0 ? (
          <div className="m-hint">
            {summary.free_shipping_gap ? `再买 ${yuan(summary.free_shipping_gap)} 包邮` : '已包邮'}
            <ProgressBar percent={shippingProgress} />
          </div>
        ) : null}
      </section>
      {problems.length ? (
        <section className="m-problems" role="alert">
          {problems.map((p) => (
            <p key={p.id}>
              {p.name}：{p.message}
            </p>
          ))}
        </section>
      ) : null}
      <PullRefresh onRefresh={() => cart.refetch()}>
        {state.data.map((line) => (
          <CartLineRow
            key={line.id}
            line={line}
            onSelect={(selected) => select.mutate({ ids: [line.id], selected })}
            onQuantity={(number) => edit.mutate({ id: line.id, number })}
            onDelete={() => confirmDelete([line.id])}
          />
        ))}
      </PullRefresh>
      <div className="m-cart__bar">
        <Checkbox
          checked={summary.all_selected}
          onChange={(selected) => select.mutate({ ids: state.data.map((l) => l.id), selected })}
        >
          全选
        </Checkbox>
        <div className="m-cart__total">
          <span>
            合计{' '}
            <b className="m-price" data-testid="cart-payable">
              {summary.payable === null ? '—' : yuan(summary.payable)}
            </b>
          </span>
          {summary.reduction ? <small>已减 {yuan(summary.reduction)}</small> : null}
        </div>
        {selectedIds.length ? (
          <Button size="small" fill="none" onClick={() => confirmDelete(selectedIds)}>
            删除
          </Button>
        ) : null}
        <Button
          color="primary"
          disabled={!selectedIds.length}
          loading={checkout.isPending}
          onClick={goCheckout}
        >
          结算({summary.selected_count})
        </Button>
      </div>
    </div>
  );
}
