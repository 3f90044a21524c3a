import { beijingDateTimeText } from '@yaocai/domain';
import { Empty, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { type DrawRecord, useDrawRecords } from '../api/lottery';

const colour: Record<string, string> = { done: 'green', to_ship: 'orange', shipped: 'blue' };

/** /cjjl 抽奖记录: every draw of the store and what became of its prize. */
export default function DrawRecordsPage() {
  const [page, setPage] = useState(1);
  const { data, isPending } = useDrawRecords(page);
  return (
    <Card className="sh-container sh-page" title="抽奖记录" data-testid="draw-records">
      <LightTable<DrawRecord>
        rowKey="id"
        size="middle"
        loading={isPending}
        dataSource={data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无抽奖记录" /> }}
        pagination={{
          current: page,
          pageSize: 10,
          total: data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        columns={[
          { title: '抽奖时间', dataIndex: 'created_at', width: 190, render: beijingDateTimeText },
          { title: '活动', dataIndex: 'lottery_name' },
          {
            title: '奖品',
            render: (_: unknown, r) => (
              <>
                {r.name}
                {r.remarks && <span style={{ color: '#707070' }}>（{r.remarks}）</span>}
              </>
            ),
          },
          { title: '类型', dataIndex: 'kind_name', width: 100 },
          {
            title: '状态',
            width: 100,
            render: (_: unknown, r) =>
              r.kind === 'none' ? (
                <Tag>未中奖</Tag>
              ) : r.order_id ? (
                <Link to={`/order/info/${r.order_id}`}>{r.status_name}</Link>
              ) : (
                <Tag color={colour[r.status]}>{r.status_name}</Tag>
              ),
          },
        ]}
      />
    </Card>
  );
}
