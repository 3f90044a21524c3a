import { beijingDateTimeText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { FilePickButton } from '../../../components/FilePickButton';
import { LightTable } from '../../../components/LightTable';
import { ApiError } from '../../../lib/http';
import { useReceiptOrders } from '../api/orders';
import { useSubmitReceipt } from '../api/upload';
import { yuan } from '../components/Amounts';

const RECEIPT_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf';
const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

const receiptLabels: Record<string, [string, string]> = {
  awaiting_upload: ['待上传回执', 'orange'],
  pending: ['回执审核中', 'blue'],
  accepted: ['回执已通过', 'green'],
  rejected: ['回执未通过，请重新上传', 'red'],
};

/** /hmdd — orders holding ephedrine-type goods and their signed-receipt state. */
export default function HmddPage() {
  const { message } = useFeedback();
  const { data } = useReceiptOrders();
  const submit = useSubmitReceipt();
  // The last refused upload stays on the page (the toast goes after a few seconds).
  const [refused, setRefused] = useState<{ orderNo: string; reason: string } | null>(null);
  const send = (o: { id: number; order_no: string }, file: File) => {
    if (file.size > MAX_RECEIPT_BYTES) {
      message.error('回执文件不能超过10MB');
      return;
    }
    // A refused file: the HTTP client's toast, and the reason stays above the table.
    submit.mutateAsync({ orderId: o.id, file }).then(
      () => {
        setRefused(null);
        message.success('回执已提交，请等待审核');
      },
      (error: Error) => {
        if (error instanceof ApiError) setRefused({ orderNo: o.order_no, reason: error.message });
      },
    );
  };
  return (
    <Card title="含麻订单" className="sh-container sh-page" data-testid="hmdd-page">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="含麻黄碱类复方制剂订单须上传加盖公章的签收回执，平台审核通过后方可发货。"
        description="回执支持 JPG、PNG、WEBP 图片或 PDF 文件，不超过10MB。"
      />
      {refused && (
        <Alert
          type="error"
          showIcon
          closable
          onClose={() => setRefused(null)}
          style={{ marginBottom: 12 }}
          message={`订单 ${refused.orderNo} 的回执上传失败：${refused.reason}`}
          data-testid="receipt-refused"
        />
      )}
      <LightTable
        rowKey="id"
        size="small"
        dataSource={data?.list ?? []}
        columns={[
          { title: '订单号', render: (_, o) => <Link to={`/order/info/${o.id}`}>{o.order_no}</Link> },
          { title: '下单时间', render: (_, o) => beijingDateTimeText(o.created_at) },
          { title: '金额', render: (_, o) => yuan(o.total) },
          { title: '订单状态', dataIndex: 'status_label' },
          {
            title: '回执',
            render: (_, o) => {
              const [label, color] = receiptLabels[o.receipt_status] ?? ['-', 'default'];
              return (
                <Space size={4}>
                  <Tag color={color}>{label}</Tag>
                  {o.receipt_file_id && (
                    <a
                      href={`/api/files/${o.receipt_file_id}`}
                      target="_blank"
                      rel="noreferrer"
                      data-testid="hmdd-receipt-file"
                    >
                      查看回执
                    </a>
                  )}
                </Space>
              );
            },
          },
          { title: '审核说明', render: (_, o) => o.receipt_note || '-' },
          {
            title: '操作',
            render: (_, o) =>
              ['awaiting_upload', 'rejected'].includes(o.receipt_status) && (
                <FilePickButton
                  accept={RECEIPT_ACCEPT}
                  onPick={(file) => send(o, file)}
                  size="small"
                  type="primary"
                  loading={submit.isPending && submit.variables?.orderId === o.id}
                  data-testid="receipt-upload"
                >
                  上传回执
                </FilePickButton>
              ),
          },
        ]}
      />
    </Card>
  );
}
