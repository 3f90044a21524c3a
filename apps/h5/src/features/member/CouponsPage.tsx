import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { useSearchParams } from 'react-router';
import { Screen } from '../../components/Screen';
import { dateTime, yuan } from '../../lib/format';
import { useCoupons } from './api/member';

const types = [
  { value: 1, label: '优惠券' },
  { value: 2, label: '现金券' },
];
const statuses = [
  { value: 1, label: '未使用' },
  { value: 2, label: '已使用' },
  { value: 3, label: '已过期' },
];

const pick = (text: string | null, options: { value: number }[]) =>
  options.find((o) => String(o.value) === text)?.value ?? options[0].value;

/** 我的优惠券: coupons and cash vouchers by state. */
export default function CouponsPage() {
  const [search, setSearch] = useSearchParams();
  const type = pick(search.get('type'), types);
  const status = pick(search.get('status'), statuses);
  const coupons = useCoupons(type, status);
  const rows = coupons.data?.pages.flatMap((p) => p.list) ?? [];
  const tabs = (name: string, options: typeof types, current: number) => (
    <div className="m-tabs" role="tablist">
      {options.map((o) => (
        <button
          key={o.value}
          type="button"
          role="tab"
          aria-selected={o.value === current}
          onClick={() =>
            setSearch(
              { type: String(type), status: String(status), [name]: String(o.value) },
              { replace: true },
            )
          }
        >
          {o.label}
        </button>
      ))}
    </div>
  );
  return (
    <Screen title="我的优惠券">
      {tabs('type', types, type)}
      {tabs('status', statuses, status)}
      <div className="m-pad">
        {rows.map((c) => (
          <article
            key={c.id}
            className={status === 1 ? 'm-coupon' : 'm-coupon m-coupon--off'}
            data-testid="coupon"
          >
            <div className="m-coupon__value">
              {c.rate_percent !== null ? `${c.rate_percent / 10}折` : yuan(c.amount)}
              <small>{c.threshold ? `满${c.threshold}可用` : '无门槛'}</small>
            </div>
            <div className="m-coupon__body">
              <h2>{c.name}</h2>
              <p className="m-goods__meta">{c.scope_text}</p>
              {c.expires_at ? <p className="m-goods__meta">有效期至 {dateTime(c.expires_at)}</p> : null}
            </div>
          </article>
        ))}
      </div>
      <InfiniteScroll
        hasMore={coupons.hasNextPage}
        loadMore={async () => void (await coupons.fetchNextPage())}
      >
        {coupons.isPending ? '加载中…' : rows.length ? '没有更多了' : '暂无优惠券'}
      </InfiniteScroll>
    </Screen>
  );
}
