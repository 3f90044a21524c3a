import { beijingDateTimeText } from '@yaocai/domain/time/beijing';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import { Link } from 'react-router';
import { Screen } from '../../components/Screen';
import { usePointsHistory } from './api/points';
import './points.css';

/** 我的积分: the balance, how points are earned and spent, and the ledger page by page. */
export default function PointsPage() {
  const history = usePointsHistory();
  const first = history.data?.pages[0];
  const rows = history.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Screen title="我的积分">
      <section className="m-points-head" aria-label="积分余额">
        <p>可用积分</p>
        <div className="m-points-head__value" data-testid="points-balance">
          {first?.balance ?? '—'}
        </div>
        {first ? (
          <p>
            确认收货后每消费1元得{first.earn_per_yuan}积分；结算时{first.points_per_yuan}积分抵1元
            {first.expire_on ? `；去年的积分于${first.expire_on}过期` : ''}
          </p>
        ) : null}
        <div className="m-points-head__links">
          <Link to="/points-mall">积分商城</Link>
          <Link to="/lottery">幸运抽奖</Link>
        </div>
      </section>
      <h2 className="m-floor__title m-pad">积分明细</h2>
      <div data-testid="points-log">
        {rows.map((entry) => (
          <div key={entry.id} className="m-log">
            <div>
              <p>{entry.reason}</p>
              <p className="m-goods__meta">{beijingDateTimeText(entry.created_at)}</p>
            </div>
            <span className={entry.change > 0 ? 'm-log__change m-log__change--plus' : 'm-log__change'}>
              {entry.change > 0 ? `+${entry.change}` : entry.change}
            </span>
          </div>
        ))}
      </div>
      <InfiniteScroll
        hasMore={history.hasNextPage}
        loadMore={async () => void (await history.fetchNextPage())}
      >
        {history.isPending ? '加载中…' : rows.length ? '没有更多了' : '暂无积分记录'}
      </InfiniteScroll>
    </Screen>
  );
}
