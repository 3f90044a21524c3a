import { Empty, Spin } from 'antd';
import { useEverydayPrice } from '../api/everyday-price';
import { ActivityGoodsCard } from '../components/ActivityGoodsCard';
import { ActivityHead } from '../components/ActivityHead';
import '../components/activity.css';

/** /mrtj 每日特价: today's specials with the countdown to the day's end; the cart prices them. */
export default function MrtjPage() {
  const { data, isPending } = useEverydayPrice();
  return (
    <div className="sh-container sh-page" data-testid="mrtj-page">
      {data && (
        <ActivityHead
          title="每日特价"
          subtitle="每天零点更新，特价商品限量供应，每店每日限购以页面为准"
          endTime={data.end_time}
          label="距今日特价结束"
        />
      )}
      {isPending ? (
        <Spin />
      ) : !data?.list.length ? (
        <Empty description="今日暂无特价商品" />
      ) : (
        <div className="yc-grid">
          {data.list.map((g) => (
            <ActivityGoodsCard
              key={g.id}
              goods={g}
              price={g.special_price}
              note={
                <>
                  {g.daily_limit !== null && <span>每店每日限购{g.daily_limit}件</span>}
                  {g.remaining_limit !== null && <span>，今日还可特价购买{g.remaining_limit}件</span>}
                  {g.special_stock !== null && <div>特价库存剩余{g.special_stock}件</div>}
                </>
              }
            />
          ))}
        </div>
      )}
    </div>
  );
}
