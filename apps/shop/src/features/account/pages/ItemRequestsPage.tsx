import { type ItemRequestStatus, type ItemRequestView, itemRequestStatuses } from '@yaocai/domain';
import { Button, Empty, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { useMyItemRequests } from '../api/item-requests';
import { dateTime, statusColor } from '../components/item-request-status';

/** /pzqg 品种求购: the store's requests for goods the catalogue lacks, with their answers. */
export default function ItemRequestsPage() {
  const [status, setStatus] = useState<ItemRequestStatus | undefined>();
  const [page, setPage] = useState(1);
  const list = useMyItemRequests(page, status);
  return (
    <Card
      className="sh-container sh-page"
      title="品种求购"
      data-testid="item-requests-page"
      extra={
        <Link to="/pzqg/add">
          <Button type="primary" data-testid="item-request-new">
            新增求购
          </Button>
        </Link>
      }
    >
      <p style={{ color: '#666', marginTop: 0 }}>
        找不到想要的商品？告诉我们名称、规格和厂家，采购团队会尽快为您寻找货源，结果将通过消息通知您。
      </p>
      <Tabs
        activeKey={status ?? 'all'}
        onChange={(k) => {
          setStatus(k === 'all' ? undefined : (k as ItemRequestStatus));
          setPage(1);
        }}
        items={[
          { key: 'all', label: '全部' },
          ...itemRequestStatuses.map((s) => ({ key: s.code, label: s.name })),
        ]}
      />
      <LightTable<ItemRequestView>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无求购记录" /> }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        columns={[
          { title: '商品名称', dataIndex: 'name' },
          { title: '规格', dataIndex: 'spec' },
          { title: '生产厂家', dataIndex: 'manufacturer', render: (v: string) => v || '-' },
          { title: '数量', dataIndex: 'quantity', width: 80 },
          { title: '提交时间', dataIndex: 'created_at', render: dateTime, width: 170 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 100,
            render: (_: string, r) => <Tag color={statusColor[r.status]}>{r.status_name}</Tag>,
          },
          {
            title: '操作',
            width: 120,
            render: (_: unknown, r) => (
              <>
                <Link to={`/pzqg/info?id=${r.id}`} data-testid="item-request-view">
                  查看
                </Link>
                {r.goods && (
                  <Link to={r.goods.link} style={{ marginLeft: 12 }}>
                    去采购
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
