import { beijingDateTimeText } from '@yaocai/domain/time/beijing';
import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import List from 'antd-mobile/es/components/list';
import { useNavigate } from 'react-router';
import { Screen } from '../../components/Screen';
import { useDrawRecords } from './api/lottery';

/** 我的奖品: every draw of the store and what became of its prize (a won goods links to its order). */
export default function PrizesPage() {
  const records = useDrawRecords();
  const navigate = useNavigate();
  const rows = records.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Screen title="我的奖品">
      <List data-testid="draw-records">
        {rows.map((r) => (
          <List.Item
            key={r.id}
            description={`${r.lottery_name} · ${beijingDateTimeText(r.created_at)}`}
            extra={r.kind === 'none' ? '未中奖' : r.status_name}
            onClick={r.order_id ? () => navigate(`/orders/${r.order_id}`) : undefined}
            arrowIcon={!!r.order_id}
          >
            {r.name}
            {r.remarks ? `（${r.remarks}）` : ''}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll
        hasMore={records.hasNextPage}
        loadMore={async () => void (await records.fetchNextPage())}
      >
        {records.isPending ? '加载中…' : rows.length ? '没有更多了' : '暂无抽奖记录'}
      </InfiniteScroll>
    </Screen>
  );
}
