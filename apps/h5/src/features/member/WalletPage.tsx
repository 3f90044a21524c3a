import InfiniteScroll from 'antd-mobile/es/components/infinite-scroll';
import List from 'antd-mobile/es/components/list';
import { Screen } from '../../components/Screen';
import { dateTime, yuan } from '../../lib/format';
import { useBalance, useMoneyLog } from './api/member';

/** 我的余额: the wallet balance and its movements, newest first. */
export default function WalletPage() {
  const balance = useBalance();
  const log = useMoneyLog();
  const rows = log.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <Screen title="我的余额">
      <section className="m-pay__head">
        <p>可用余额</p>
        <p className="m-price m-price--big" data-testid="wallet-balance">
          {balance.data ? yuan(balance.data.user_money) : '—'}
        </p>
      </section>
      <List header="余额明细">
        {rows.map((row) => (
          <List.Item
            key={row.id}
            description={`${dateTime(row.created_at)}${row.note ? ` · ${row.note}` : ''}`}
            extra={
              <span className={row.amount < 0 ? undefined : 'm-price'}>
                {row.amount > 0 ? '+' : ''}
                {row.amount.toFixed(2)}
              </span>
            }
          >
            {row.use_type_label}
          </List.Item>
        ))}
      </List>
      <InfiniteScroll hasMore={log.hasNextPage} loadMore={async () => void (await log.fetchNextPage())}>
        {log.isPending ? '加载中…' : rows.length ? '没有更多了' : '暂无明细'}
      </InfiniteScroll>
    </Screen>
  );
}
