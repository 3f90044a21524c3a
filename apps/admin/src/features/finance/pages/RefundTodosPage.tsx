import { beijingDateText, type TransferRefundTodo } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, DatePicker, Form, Input, Modal, Table, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { showFieldErrors, unreportedMessage } from '../../../lib/form-errors';
import { useRecordTransferRefund, useRefundTodos, useRetryRefund } from '../api/transfers';

const money = (v: number) => `¥${v.toFixed(2)}`;

/**
 * 财务 → 退款待办 (refunds:write): provider refunds that failed (retry, same refund number) or are
 * still processing (polled), and refunds 财务 sends by bank transfer (record the reference).
 */
export default function RefundTodosPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useRefundTodos();
  const retry = useRetryRefund();
  const record = useRecordTransferRefund();
  const [recording, setRecording] = useState<TransferRefundTodo | null>(null);
  const [form] = Form.useForm<{ bank_ref: string; paid_on: Dayjs }>();
  const save = async () => {
    if (!recording) return;
    try {
      const v = await form.validateFields();
      await record.mutateAsync({
        id: recording.id,
        bank_ref: v.bank_ref,
        paid_on: v.paid_on.format('YYYY-MM-DD'),
      });
      message.success('已登记转出，门店会收到消息');
      setRecording(null);
    } catch (error) {
      if (!showFieldErrors(form, error)) {
        const text = unreportedMessage(error, '登记失败');
        if (text) message.error(text);
      }
    }
  };
  return (
    <Card title="退款待办" data-testid="admin-refund-todos">
      <Card type="inner" size="small" title="对公转账退款（财务转账后登记）">
        <Table
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={data?.transfer ?? []}
          pagination={false}
          columns={[
            { title: '订单', dataIndex: 'order_no' },
            { title: '企业 / 收款户名', render: (_, r) => `${r.company_name} / ${r.payee_name ?? '-'}` },
            { title: '类型', render: (_, r) => <Tag>{r.kind_name}</Tag> },
            { title: '金额', render: (_, r) => money(r.amount) },
            { title: '原因', dataIndex: 'reason' },
            {
              title: '状态',
              render: (_, r) =>
                r.status === 'pending' ? (
                  <Tag color="orange">待转账</Tag>
                ) : (
                  <>
                    <Tag color="green">已转出</Tag>
                    {r.bank_ref} · {r.paid_on}
                  </>
                ),
            },
            {
              title: '操作',
              render: (_, r) =>
                r.status === 'pending' && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => {
                      form.resetFields();
                      setRecording(r);
                    }}
                  >
                    登记转出
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Card type="inner" size="small" title="渠道退款（失败或处理中）" style={{ marginTop: 16 }}>
        <Table
          rowKey="id"
          size="small"
          loading={isFetching}
          dataSource={data?.provider ?? []}
          pagination={false}
          columns={[
            { title: '订单', dataIndex: 'order_no' },
            { title: '渠道 / 退款单号', render: (_, r) => `${r.provider} / ${r.refund_no}` },
            { title: '金额', render: (_, r) => money(r.amount) },
            {
              title: '状态',
              render: (_, r) => (
                <>
                  <Tag color={r.status === 'failed' ? 'red' : 'orange'}>
                    {r.status === 'failed' ? '失败' : '处理中'}
                  </Tag>
                  {r.error && <div style={{ color: '#cf1322' }}>{r.error}</div>}
                  <div className="ad-muted">
                    已尝试 {r.attempts} 次 · {beijingDateText(r.created_at)}
                  </div>
                </>
              ),
            },
            {
              title: '操作',
              render: (_, r) =>
                r.status === 'failed' && (
                  <Button
                    type="link"
                    size="small"
                    loading={retry.isPending}
                    onClick={async () => {
                      try {
                        const res = await retry.mutateAsync(r.id);
                        message.info(res.status === 'failed' ? '渠道仍未受理，请稍后再试' : '已重新发起退款');
                      } catch (error) {
                        const text = unreportedMessage(error, '重试失败');
                        if (text) message.error(text);
                      }
                    }}
                  >
                    重试
                  </Button>
                ),
            },
          ]}
        />
      </Card>
      <Modal
        open={recording !== null}
        title={`登记退款转出：${recording?.order_no ?? ''} ${recording ? money(recording.amount) : ''}`}
        okText="登记"
        onOk={save}
        confirmLoading={record.isPending}
        onCancel={() => setRecording(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item
            name="bank_ref"
            label="银行流水号"
            rules={[{ required: true, min: 4, message: '请填写银行流水号' }]}
          >
            <Input maxLength={60} />
          </Form.Item>
          <Form.Item name="paid_on" label="转账日期" rules={[{ required: true, message: '请选择转账日期' }]}>
            <DatePicker />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
