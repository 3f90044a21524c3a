import { UploadOutlined } from '@ant-design/icons';
import { beijingDateTimeText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import {
  Alert,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Skeleton,
  Tag,
  Upload,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useChooseTransfer, useSubmitTransferReceipt } from '../api/transfer';
import { yuan } from './Amounts';

const RECEIPT_ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf';
const MAX_RECEIPT_BYTES = 10 * 1024 * 1024;

interface Values {
  payer_name: string;
  amount: number;
  transfer_date: Dayjs;
}

/**
 * The 对公转账 tab: the receiving account, the amount and the order's 汇款识别码 (to write in the
 * 附言), then the 银行回单 with the payer, amount and date; it waits for 财务 (待确认).
 */
export function TransferPay({ orderId }: { orderId: number }) {
  const { message } = useFeedback();
  const transfer = useChooseTransfer(orderId, true);
  const submit = useSubmitTransferReceipt(orderId);
  const [file, setFile] = useState<File | null>(null);
  const [form] = Form.useForm<Values>();
  if (transfer.isError)
    return <Alert type="warning" showIcon message="暂不能使用对公转账，请选择其他支付方式" />;
  const t = transfer.data;
  if (!t) return <Skeleton active />;
  const latest = t.receipts.at(-1);
  const send = async (v: Values) => {
    if (!file) {
      message.error('请上传银行回单');
      return;
    }
    await submit.mutateAsync({
      file,
      payer_name: v.payer_name,
      amount: v.amount,
      transfer_date: v.transfer_date.format('YYYY-MM-DD'),
    });
    message.success('回单已提交，请等待财务确认');
    setFile(null);
  };
  return (
    <div data-testid="transfer-pay">
      <Descriptions column={2} size="small" bordered>
        <Descriptions.Item label="收款户名">{t.account.account_name}</Descriptions.Item>
        <Descriptions.Item label="开户银行">{t.account.bank_name}</Descriptions.Item>
        <Descriptions.Item label="收款账号">{t.account.account_no}</Descriptions.Item>
        <Descriptions.Item label="联行号">{t.account.bank_code || '-'}</Descriptions.Item>
        <Descriptions.Item label="转账金额">
          <strong style={{ color: '#c62828', fontSize: 18 }}>{yuan(t.remaining)}</strong>
          {t.received > 0 && `（已到账 ${yuan(t.received)}，订单 ${yuan(t.amount)}）`}
        </Descriptions.Item>
        <Descriptions.Item label="汇款识别码">
          <strong style={{ fontSize: 20, letterSpacing: 2 }} data-testid="transfer-code">
            {t.code}
          </strong>
        </Descriptions.Item>
      </Descriptions>
      <Alert
        type="info"
        showIcon
        style={{ margin: '12px 0' }}
        message={`转账时请在“附言/用途”中填写汇款识别码 ${t.code}，以便财务核对到账。`}
        description={`请于 ${beijingDateTimeText(t.expires_at)} 前完成转账并上传银行回单，逾期订单将自动取消。`}
      />
      {latest && (
        <p data-testid="transfer-receipt-state">
          最近一次回单：<Tag color={latest.state === 'rejected' ? 'red' : 'orange'}>{latest.state_name}</Tag>
          {yuan(latest.amount)} · {latest.transfer_date}
          {latest.reason && <span style={{ color: '#cf1322' }}>（退回原因：{latest.reason}）</span>}
        </p>
      )}
      {t.awaiting_confirmation ? (
        <Alert type="success" showIcon message="银行回单已提交，待财务确认到账后订单即为已支付" />
      ) : (
        <Form
          form={form}
          layout="inline"
          onFinish={send}
          initialValues={{ amount: t.remaining }}
          style={{ rowGap: 12 }}
        >
          <Form.Item label="银行回单" required>
            <Upload
              accept={RECEIPT_ACCEPT}
              maxCount={1}
              beforeUpload={(f) => {
                if (f.size > MAX_RECEIPT_BYTES) {
                  message.error('回单文件不能超过10MB');
                  return Upload.LIST_IGNORE;
                }
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />} data-testid="transfer-receipt-file">
                选择图片或PDF
              </Button>
            </Upload>
          </Form.Item>
          <Form.Item
            name="payer_name"
            label="付款户名"
            rules={[{ required: true, min: 2, message: '请填写付款户名' }]}
          >
            <Input maxLength={60} style={{ width: 220 }} data-testid="transfer-payer" />
          </Form.Item>
          <Form.Item name="amount" label="转账金额" rules={[{ required: true, message: '请填写转账金额' }]}>
            <InputNumber min={0.01} precision={2} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item
            name="transfer_date"
            label="转账日期"
            rules={[{ required: true, message: '请选择转账日期' }]}
          >
            <DatePicker data-testid="transfer-date" />
          </Form.Item>
          <Form.Item>
            <Button type="primary" htmlType="submit" loading={submit.isPending} data-testid="transfer-submit">
              提交回单
            </Button>
          </Form.Item>
        </Form>
      )}
    </div>
  );
}
