import { type AdminTransferView, beijingDateText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { FileLink, FileThumbs } from '@yaocai/web-client/files';
import { Alert, Button, Checkbox, Descriptions, Form, Input, InputNumber, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { showFieldErrors, unreportedMessage } from '../../../lib/form-errors';
import { useConfirmTransfer, useRejectTransfer } from '../api/transfers';

const money = (v: number) => `¥${v.toFixed(2)}`;

interface Values {
  received: number;
  partial?: boolean;
  excess?: 'refund' | 'wallet';
  reason?: string;
}

/**
 * One 银行回单 opened by 财务: the receipt, the order and what is due; confirm what the bank
 * statement shows arrived (less needs 部分到账, more needs a choice for the excess) or send it
 * back with a reason.
 */
export function TransferDecisionModal({
  receipt,
  onClose,
}: {
  receipt: AdminTransferView;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [rejecting, setRejecting] = useState(false);
  const confirm = useConfirmTransfer();
  const reject = useRejectTransfer();
  const received = Form.useWatch('received', form) ?? receipt.expected;
  const fail = (error: unknown, fallback: string) => {
    if (!showFieldErrors(form, error)) {
      const text = unreportedMessage(error, fallback);
      if (text) message.error(text);
    }
  };
  const onConfirm = async () => {
    try {
      const v = await form.validateFields(['received', 'partial', 'excess']);
      await confirm.mutateAsync({
        id: receipt.id,
        received: v.received,
        partial: v.partial,
        excess: v.excess,
      });
      message.success('已确认到账，门店会收到消息');
      onClose();
    } catch (error) {
      fail(error, '确认失败');
    }
  };
  const onReject = async () => {
    try {
      const v = await form.validateFields(['reason']);
      await reject.mutateAsync({ id: receipt.id, reason: v.reason ?? '' });
      message.success('已退回，门店会收到消息');
      onClose();
    } catch (error) {
      fail(error, '退回失败');
    }
  };
  return (
    <Modal
      open
      title={`对公转账回单：${receipt.order_no}`}
      width={720}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="汇款识别码">
          <b data-testid="admin-transfer-code">{receipt.code}</b>
        </Descriptions.Item>
        <Descriptions.Item label="订单">
          {receipt.order_no}（{receipt.order_status_label}）
        </Descriptions.Item>
        <Descriptions.Item label="门店">
          {receipt.company_name} / {receipt.store_name}
        </Descriptions.Item>
        <Descriptions.Item label="订单金额">{money(receipt.order_total)}</Descriptions.Item>
        <Descriptions.Item label="此前已到账">{money(receipt.received_before)}</Descriptions.Item>
        <Descriptions.Item label="本次应到账">
          <b data-testid="admin-transfer-expected">{money(receipt.expected)}</b>
        </Descriptions.Item>
        <Descriptions.Item label="付款户名">{receipt.payer_name}</Descriptions.Item>
        <Descriptions.Item label="回单金额 / 日期">
          {money(receipt.amount)} / {receipt.transfer_date}
        </Descriptions.Item>
        <Descriptions.Item label="银行回单" span={2}>
          {receipt.receipt_mime.startsWith('image/') ? (
            <FileThumbs ids={[receipt.file_id]} size={160} fit="contain" label="银行回单" />
          ) : (
            <FileLink id={receipt.file_id}>查看回单（PDF）</FileLink>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="提交时间" span={2}>
          {beijingDateText(receipt.created_at)}
        </Descriptions.Item>
      </Descriptions>
      <Form
        form={form}
        layout="vertical"
        style={{ marginTop: 16 }}
        initialValues={{ received: receipt.expected }}
      >
        <Form.Item
          name="received"
          label="银行流水实际到账金额（元）"
          rules={[{ required: true, message: '请填写到账金额' }]}
        >
          <InputNumber
            min={0.01}
            precision={2}
            style={{ width: 200 }}
            data-testid="admin-transfer-received"
          />
        </Form.Item>
        {received < receipt.expected && (
          <Form.Item name="partial" valuePropName="checked">
            <Checkbox>
              部分到账：少于应付 {money(receipt.expected)}，订单保持待付款，门店需补转{' '}
              {money(receipt.expected - received)}
            </Checkbox>
          </Form.Item>
        )}
        {received > receipt.expected && (
          <Form.Item name="excess" label={`多付 ${money(received - receipt.expected)} 的处理`}>
            <Radio.Group>
              <Radio value="refund">记为财务退款待办（转账退回）</Radio>
              <Radio value="wallet">转入门店账户余额</Radio>
            </Radio.Group>
          </Form.Item>
        )}
        {rejecting && (
          <Form.Item
            name="reason"
            label="退回原因"
            rules={[{ required: true, min: 2, message: '请填写退回原因' }]}
          >
            <Input.TextArea
              rows={3}
              maxLength={200}
              showCount
              placeholder="如：未查到该笔转账，请核对附言中的汇款识别码"
            />
          </Form.Item>
        )}
        {receipt.state !== 'pending' ? (
          <Alert type="info" message={`该回单${receipt.state_name}`} />
        ) : (
          <Space>
            {!rejecting && (
              <Button
                type="primary"
                onClick={onConfirm}
                loading={confirm.isPending}
                data-testid="admin-transfer-confirm"
              >
                确认到账
              </Button>
            )}
            <Button
              danger
              onClick={rejecting ? onReject : () => setRejecting(true)}
              loading={reject.isPending}
            >
              {rejecting ? '确认退回' : '退回回单'}
            </Button>
          </Space>
        )}
      </Form>
    </Modal>
  );
}
