import type { CheckoutPreview } from '@yaocai/domain';
import { Card, Table, Tag } from 'antd';
import { yuan } from './Amounts';

/** The selected lines, one table per warehouse. */
export function CheckoutLines({ groups }: { groups: CheckoutPreview['groups'] }) {
  return (
    <>
      {groups.map((g) => (
        <Card
          key={g.warehouse_id}
          size="small"
          title={`发货仓库：${g.warehouse_name}`}
          style={{ marginTop: 12 }}
        >
          <Table
            rowKey="cart_id"
            size="small"
            pagination={false}
            dataSource={g.lines}
            columns={[
              {
                title: '商品',
                render: (_, l) => (
                  <div>
                    <strong>{l.name}</strong> {l.ephedrine && <Tag color="red">含麻</Tag>}
                    <div style={{ color: '#888' }}>
                      {l.spec} / {l.manufacturer}
                    </div>
                  </div>
                ),
              },
              { title: '单价', dataIndex: 'price', render: yuan, width: 110 },
              { title: '数量', render: (_, l) => `${l.quantity}${l.unit}`, width: 90 },
              {
                title: '优惠',
                dataIndex: 'reduction',
                render: (v: number) => (v > 0 ? `-${yuan(v)}` : '-'),
                width: 100,
              },
              { title: '小计', dataIndex: 'payable', render: yuan, width: 120 },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
