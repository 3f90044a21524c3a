import { ORDER_TABS } from '@yaocai/domain/order/state-machine';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { Link, useSearchParams } from 'react-router';
import { PullRefresh } from '../../components/PullRefresh';
import { Screen } from '../../components/Screen';
import { dateTime, yuan } from '../../lib/format';
import { useOrders } from './api/orders';
import { OrderActions } from './OrderActions';

const tabs = [{ key: 'all', label: '全部' }, ...ORDER_TABS.map((t) => ({ key: t.key, label: t.label }))];

export default function OrdersPage() {
  const [search, setSearch] = useSearchParams();
  const tab = tabs.some((t) => t.key === search.get('tab')) ? (search.get('tab') as string) : 'all';
  const orders = useOrders(tab);
  return (
    <Screen title="我的订单">
      <div className="m-tabs" role="tablist" aria-label="订单状态">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === tab}
            onClick={() => setSearch({ tab: t.key }, { replace: true })}
          >
            {t.label}
          </button>
        ))}
      </div>
      <PullRefresh onRefresh={() => orders.refetch()}>
        {orders.isPending ? <DotLoading /> : null}
        {orders.data?.list.length === 0 ? (
          <ErrorBlock status="empty" title="暂无订单" description="" />
        ) : null}
        {orders.data?.list.map((o) => (
          <article key={o.id} className="m-order" data-testid="order-card">
            <Link to={`/orders/${o.id}`} className="m-order__link">
              <header className="m-order__head">
                <span>{dateTime(o.created_at)}</span>
                <b className="m-order__status">{o.status_label}</b>
              </header>
              <div className="m-order__lines">
                {o.lines.slice(0, 4).map((line) => (
                  <img
                    key={line.id}
                    src={line.image ?? ''}
                    alt={line.name}
                    width={56}
                    height={56}
                    loading="lazy"
                  />
                ))}
                <span className="m-goods__meta">共{o.line_count}种</span>
              </div>
              <p className="m-order__total">
                实付 <b className="m-price">{yuan(o.total)}</b>
              </p>
            </Link>
            <OrderActions order={o} />
          </article>
        ))}
      </PullRefresh>
    </Screen>
  );
}
