import { Empty, Spin } from 'antd';
import { useState } from 'react';
import { useWelfare } from '../api/welfare';
import { ActivityGoodsGrid } from '../components/ActivityGoodsCard';
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
        <ActivityGoodsGrid goods={data.goods} price={(g) => g.welfare_price} page={page} onPage={setPage} />
      )}
    </div>
  );
}
