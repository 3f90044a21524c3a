import { beijingDateTimeText } from '@yaocai/domain';
import { Empty, Spin } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCashBack } from '../api/cash-back';
import { ActivityGoodsGrid } from '../components/ActivityGoodsCard';
import { ActivityHead } from '../components/ActivityHead';
import '../components/activity.css';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';

/**
 * /hb 满额返现: the tiers, the countdown, this store's cash-back and the covered goods. The
 * money comes to the balance when the order is received, and a return takes its share back.
 */
export default function CashBackPage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useCashBack(page);
  const activity = data?.activity;
  if (isPending) return <Spin />;
  return (
    <div className="sh-container sh-page" data-testid="hb-page">
      {activity ? (
        <ActivityHead
          title={activity.name}
          subtitle={`活动商品实付满额返现：${activity.rule_text}。确认收货后返至账户余额，退货按比例扣回。`}
          endTime={activity.end_time}
          label="距活动结束"
        />
      ) : (
        <Empty description="活动暂未开始或已结束" />
      )}
      {data && data.earned.length > 0 && (
        <Card
          title={`我的返现（累计¥${data.total_earned.toFixed(2)}）`}
          size="small"
          style={{ marginBottom: 16 }}
        >
          <LightTable
            rowKey="order_id"
            size="small"
            pagination={false}
            dataSource={data.earned}
            columns={[
              {
                title: '订单号',
                dataIndex: 'order_no',
                render: (no: string, r) => <Link to={`/order/info/${r.order_id}`}>{no}</Link>,
              },
              { title: '活动', dataIndex: 'activity_name' },
              { title: '参与金额', dataIndex: 'base', render: (v: number) => `¥${v.toFixed(2)}` },
              { title: '返现', dataIndex: 'credit', render: (v: number) => `¥${v.toFixed(2)}` },
              { title: '已扣回', dataIndex: 'reversed', render: (v: number) => `¥${v.toFixed(2)}` },
              { title: '返现时间', dataIndex: 'created_at', render: (v: number) => beijingDateTimeText(v) },
            ]}
          />
        </Card>
      )}
      {activity && data && (
        <>
          <h2 style={{ fontSize: 18 }}>活动商品</h2>
          <ActivityGoodsGrid goods={data.goods} price={(g) => g.base_price} page={page} onPage={setPage} />
        </>
      )}
    </div>
  );
}
