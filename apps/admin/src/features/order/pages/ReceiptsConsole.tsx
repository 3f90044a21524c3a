import { useFeedback } from '@yaocai/web-client/feedback';
import { FileLink, FileThumbs } from '@yaocai/web-client/files';
import { Card, Table } from 'antd';
import { ReviewButtons } from '../../../components/ReviewButtons';
import { useReceipts, useReviewReceipt } from '../api/receipts';

/** Ephedrine (含麻) order receipts waiting for review. */
export default function ReceiptsConsole() {
  const { message } = useFeedback();
  const { data = [] } = useReceipts();
  const action = useReviewReceipt();
  const review = async (id: number, approve: boolean) => {
    try {
      await action.mutateAsync({ id, approve, note: approve ? '' : '回执不清晰或未盖章，请重新上传' });
      message.success(approve ? '回执已通过' : '已退回');
    } catch {
      // the HTTP client has already shown the refusal (温馨提示 or toast)
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
              !o.receipt_file_id ? (
                '-'
              ) : o.receipt_mime?.startsWith('image/') ? (
                <FileThumbs ids={[o.receipt_file_id]} size={96} fit="contain" label="签收回执" />
              ) : (
                <FileLink id={o.receipt_file_id}>查看回执（PDF）</FileLink>
              ),
          },
          {
            title: '操作',
            render: (_, o) => (
              <ReviewButtons
                approveLabel="通过"
                refuseLabel="退回"
                onDecide={(approve) => review(o.id, approve)}
              />
            ),
          },
        ]}
      />
    </Card>
  );
}
