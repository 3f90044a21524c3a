import { App, Button, Card, Space, Table } from 'antd';
import { useAdminAction, useReceipts } from '../api/admin';

/** Ephedrine (含麻) order receipts waiting for review. */
export default function ReceiptsConsole() {
  const { message } = App.useApp();
  const { data = [] } = useReceipts();
  const action = useAdminAction();
  const review = async (id: number, approve: boolean) => {
    try {
      await action.mutateAsync({
        url: `/api/admin/orders/${id}/receipt`,
        body: { approve: approve ? '1' : '0', note: approve ? '' : '回执不清晰或未盖章，请重新上传' },
      });
      message.success(approve ? '回执已通过' : '已退回');
    } catch (e) {
      message.error((e as Error).message);
    }
  };
  return (
    <Card title="含麻订单回执审核" data-testid="admin-receipts">
      <Table
        rowKey="id"
        size="small"
        dataSource={data}
        columns={[
          { title: '订单号', dataIndex: 'order_no' },
          { title: '状态', dataIndex: 'status_label' },
          { title: '金额', render: (_, o) => `¥${o.total.toFixed(2)}` },
          {
            title: '回执',
            render: (_, o) =>
              o.receipt_file_id ? (
                <a href={`/api/files/${o.receipt_file_id}`} target="_blank" rel="noreferrer">
                  查看回执
                </a>
              ) : (
                '-'
              ),
          },
          {
            title: '操作',
            render: (_, o) => (
              <Space>
                <Button size="small" type="primary" onClick={() => review(o.id, true)}>
                  通过
                </Button>
                <Button size="small" danger onClick={() => review(o.id, false)}>
                  退回
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
