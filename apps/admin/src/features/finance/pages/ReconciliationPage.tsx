import { addDays, beijingToday, type ReconciliationRunView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Card, DatePicker, Form, Select, Space, Table, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';
import { useReconcile, useReconciliations } from '../api/reconciliation';

const money = (v: number | null) => (v === null ? '—' : `¥${v.toFixed(2)}`);

/**
 * 对账 (财务, payments:reconcile): one online channel's China day, our book against the
 * provider's bill; every run kept with its differences, each exportable as .xlsx.
 */
export default function ReconciliationPage() {
  const { message } = useFeedback();
  const { data, isFetching } = useReconciliations();
  const reconcile = useReconcile();
  const [form] = Form.useForm<{ channel: string; date: Dayjs }>();
  const [latest, setLatest] = useState<ReconciliationRunView>();
  const channels = data?.channels ?? [];
  const yesterday = addDays(beijingToday(new Date()), -1);

  const run = async () => {
    try {
      const values = await form.validateFields();
      const result = await reconcile.mutateAsync({
        channel: values.channel,
        date: values.date.format('YYYY-MM-DD'),
      });
      setLatest(result);
      message.success(
        result.differences.length
          ? `对账完成，发现 ${result.differences.length} 笔差异`
          : '对账完成，账单一致',
      );
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <Card title="渠道对账" data-testid="admin-reconciliation">
      {channels.length === 0 && data && (
        <Alert type="info" showIcon message="当前没有提供对账单的在线支付渠道" style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="inline"
        initialValues={{ channel: channels[0]?.name, date: dayjs(yesterday) }}
        key={channels.map((c) => c.name).join()}
        style={{ marginBottom: 16 }}
      >
        <Form.Item label="支付渠道" name="channel" rules={[{ required: true, message: '请选择支付渠道' }]}>
          <Select style={{ width: 160 }} options={channels.map((c) => ({ value: c.name, label: c.label }))} />
        </Form.Item>
        <Form.Item label="对账日期" name="date" rules={[{ required: true, message: '请选择对账日期' }]}>
          <DatePicker disabledDate={(d) => d.format('YYYY-MM-DD') > yesterday} allowClear={false} />
        </Form.Item>
        <Button type="primary" onClick={run} loading={reconcile.isPending} disabled={!channels.length}>
          开始对账
        </Button>
      </Form>
      {latest && latest.differences.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 16 }}
          message={`${latest.channel_label} ${latest.date}：${latest.differences.length} 笔差异，请核对`}
        />
      )}
      <Table<ReconciliationRunView>
        rowKey="id"
        size="small"
        loading={isFetching}
        dataSource={data?.list ?? []}
        pagination={false}
        expandable={{
          rowExpandable: (r) => r.differences.length > 0,
          expandedRowRender: (r) => (
            <Table
              rowKey={(d) => `${d.kind}-${d.out_trade_no}`}
              size="small"
              pagination={false}
              dataSource={r.differences}
              columns={[
                { title: '商户订单号', dataIndex: 'out_trade_no' },
                { title: '类型', dataIndex: 'kind', render: (k: string) => (k === 'pay' ? '收款' : '退款') },
                { title: '本平台', dataIndex: 'ours', render: money },
                { title: '渠道', dataIndex: 'theirs', render: money },
                { title: '差异', dataIndex: 'reason', render: (v: string) => <Tag color="red">{v}</Tag> },
              ]}
            />
          ),
        }}
        columns={[
          { title: '对账日期', dataIndex: 'date' },
          { title: '渠道', dataIndex: 'channel_label' },
          { title: '本平台收款', dataIndex: 'ours_paid', render: money },
          { title: '渠道收款', dataIndex: 'theirs_paid', render: money },
          { title: '本平台退款', dataIndex: 'ours_refunded', render: money },
          { title: '渠道退款', dataIndex: 'theirs_refunded', render: money },
          {
            title: '结果',
            render: (_, r) =>
              r.differences.length ? (
                <Tag color="red">{r.differences.length} 笔差异</Tag>
              ) : (
                <Tag color="green">一致</Tag>
              ),
          },
          { title: '操作员', dataIndex: 'operator' },
          {
            title: '操作',
            render: (_, r) => (
              <Space>
                <a href={`/api/admin/finance/reconciliations/${r.id}/xlsx`}>导出</a>
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
