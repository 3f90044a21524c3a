import { Empty, Spin } from 'antd';
import { useState } from 'react';
import { LightPager } from '../../../components/LightPager';
import { useWelfare } from '../api/welfare';
import { ActivityGoodsCard } from '../components/ActivityGoodsCard';
import { ActivityHead } from '../components/ActivityHead';
import '../components/activity.css';

/** 94 -> 9.4折 */
const discountText = (rate: number) => `${(rate / 10).toString()}折`;

/** /welfare 全场94折: the covered goods at the discounted price, the countdown to the end. */
export default function WelfarePage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useWelfare(page);
  const activity = data?.activity;
  return (
    <div className="sh-container sh-page" data-testid="welfare-page">
      {activity && (
        <ActivityHead
          title={activity.name}
          subtitle={`活动商品享${discountText(activity.rate_percent)}，加入购物车自动计算折后价`}
          endTime={activity.end_time}
          label="距活动结束"
        />
      )}
      {isPending ? (
        <Spin />
      ) : !activity ? (
        <Empty description="活动暂未开始或已结束" />
      ) : (
        <>
          <div className="yc-grid">
            {data.goods.list.map((g) => (
              <ActivityGoodsCard key={g.id} goods={g} price={g.welfare_price} />
            ))}
          </div>
          {data.goods.total > data.goods.page_size && (
            <LightPager
              style={{ marginTop: 16 }}
              current={page}
              pageSize={data.goods.page_size}
              total={data.goods.total}
              onChange={setPage}
            />
          )}
        </>
      )}
    </div>
  );
}
