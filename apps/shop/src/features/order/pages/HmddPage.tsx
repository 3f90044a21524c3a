import { Alert, Card, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useReceiptOrders } from '../api/orders';
import { yuan } from '../components/Amounts';

const receiptLabels: Record<string, [string, string]> = {
  awaiting_upload: ['待上传回执', 'orange'],
  pending: ['回执审核中', 'blue'],
  accepted: ['回执已通过', 'green'],
  rejected: ['回执未通过，请重新上传', 'red'],
};

/** /hmdd — orders holding ephedrine-type goods and their signed-receipt state. */
export default function HmddPage() {
  const { data } = useReceiptOrders();
  return (
    <Card style={{ margin: '16px 0' }} title="含麻订单" data-testid="hmdd-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="含麻黄碱类复方制剂订单须上传加盖公章的签收回执，平台审核通过后方可发货。"
      />
      <Table
        rowKey="id"
        size="small"
        dataSource={data?.list ?? []}
        columns={[
          { title: '订单号', render: (_, o) => <Link to={`/order/info/${o.id}`}>{o.order_no}</Link> },
          { title: '下单时间', render: (_, o) => new Date(o.created_at * 1000).toLocaleString('zh-CN') },
          { title: '金额', render: (_, o) => yuan(o.total) },
          { title: '订单状态', dataIndex: 'status_label' },
          {
            title: '回执',
            render: (_, o) => {
              const [label, color] = receiptLabels[o.receipt_status] ?? ['-', 'default'];
              return <Tag color={color}>{label}</Tag>;
            },
          },
          { title: '审核说明', render: (_, o) => o.receipt_note ?? '-' },
        ]}
      />
    </Card>
  );
}
