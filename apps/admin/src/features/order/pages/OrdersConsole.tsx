import { beijingDateTimeText, ORDER_STATUSES, orderStatusLabels } from '@yaocai/domain';
import { Button, Card, Input, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { ListTable } from '../../../components/list-page';
import { type OrderListQuery, useOrders } from '../api/list-orders';
import { OrderDrawer } from '../components/OrderDrawer';
import { ShipModal } from '../components/ShipModal';

/** Operator order list: filter by status or number, open the detail, ship. */
export default function OrdersConsole() {
  const [q, setQ] = useState<OrderListQuery>({
    page: 1,
    status: 'awaiting_shipment',
  });
  const { data, isLoading } = useOrders(q);
  const [shipping, setShipping] = useState<number | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Card title="订单发货" data-testid="admin-orders">
      <Space style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部状态"
          aria-label="状态"
          style={{ width: 160 }}
          value={q.status}
          onChange={(status) => setQ({ ...q, status, page: 1 })}
          options={ORDER_STATUSES.map((s) => ({ value: s, label: orderStatusLabels[s] }))}
        />
        <Input.Search
          placeholder="订单号 / 商品名称"
          onSearch={(keyword) => setQ({ ...q, keyword: keyword || undefined, page: 1 })}
        />
      </Space>
      <ListTable
        source={{ query: q, onQuery: setQ, data, loading: isLoading }}
        columns={[
          {
            title: '订单号',
            render: (_, o) => (
              <Button type="link" onClick={() => setOpen(o.id)}>
                {o.order_no}
              </Button>
            ),
          },
          { title: '下单时间', render: (_, o) => beijingDateTimeText(o.created_at) },
          {
            title: '商品',
            render: (_, o) => `${o.lines[0]?.name ?? ''}${o.line_count > 1 ? ` 等${o.line_count}种` : ''}`,
          },
          { title: '金额', render: (_, o) => `¥${o.total.toFixed(2)}` },
          { title: '支付', render: (_, o) => o.payment_label ?? '-' },
          {
            title: '状态',
            render: (_, o) => (
              <>
                <Tag>{o.status_label}</Tag>
                {o.refund_mark && <Tag color="orange">{o.refund_mark}</Tag>}
              </>
            ),
          },
          {
            title: '操作',
            render: (_, o) =>
              o.actions.includes('ship') && (
                <Button
                  size="small"
                  type="primary"
                  onClick={() => setShipping(o.id)}
                  data-testid="admin-ship"
                >
                  发货
                </Button>
              ),
          },
        ]}
      />
      <ShipModal orderId={shipping} onClose={() => setShipping(null)} />
      <OrderDrawer orderId={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
