import { beijingDateTimeText } from '@yaocai/domain';
import { Empty } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { type PointsEntry, usePointsHistory } from '../api/points';

/** /jfmx 积分明细: the balance and every change of it with its reason (the ledger). */
export default function PointsHistoryPage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = usePointsHistory(page);
  return (
    <Card
      className="sh-container sh-page"
      title="积分明细"
      data-testid="points-history"
      extra={<Link to="/jfsc">去积分商城</Link>}
    >
      <p style={{ marginTop: 0 }}>
        当前积分 <strong data-testid="points-balance">{data?.balance ?? '-'}</strong>
        {data && (
          <span style={{ color: '#666', marginLeft: 16 }}>
            订单确认收货后每消费1元赠送{data.earn_per_yuan}积分；结算时{data.points_per_yuan}积分抵 ¥1
            {data.expire_on &&
              `；每年${data.expire_on.replace('-', '月')}日，上一年及以前获得且未使用的积分过期`}
          </span>
        )}
      </p>
      <LightTable<PointsEntry>
        rowKey="id"
        size="middle"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无积分记录" /> }}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        columns={[
          { title: '时间', dataIndex: 'created_at', width: 190, render: beijingDateTimeText },
          {
            title: '变动',
            dataIndex: 'change',
            width: 100,
            render: (v: number) => (
              <span style={{ color: v > 0 ? '#237804' : '#cf1322' }} data-testid="points-change">
                {v > 0 ? `+${v}` : v}
              </span>
            ),
          },
          { title: '余额', dataIndex: 'balance_after', width: 100 },
          {
            title: '说明',
            render: (_: unknown, r) => (
              <>
                {r.reason}
                {r.order_id && (
                  <Link to={`/order/info/${r.order_id}`} style={{ marginLeft: 8 }}>
                    查看订单
                  </Link>
                )}
              </>
            ),
          },
        ]}
      />
    </Card>
  );
}
