import { beijingDateTimeText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { FileThumbs } from '@yaocai/web-client/files';
import { Card, Input, InputNumber, Table, Tabs, Tag } from 'antd';
import { useRef, useState } from 'react';
import { ReviewButtons } from '../../../components/ReviewButtons';
import { type AdminAfterSale, useAfterSales, useDecideAfterSale } from '../api/after-sales';

/** Accept (refund to the original payment method) or refuse return / after-sales requests. */
export default function AfterSalesConsole() {
  const { message, modal } = useFeedback();
  const [status, setStatus] = useState('pending');
  const { data = [] } = useAfterSales(status);
  const action = useDecideAfterSale();
  const note = useRef('');
  const refund = useRef<number | undefined>(undefined);
  const decide = (a: AdminAfterSale, approve: boolean) => {
    note.current = '';
    refund.current = undefined;
    modal.confirm({
      title: approve ? '同意并原路退款？' : '拒绝该申请？',
      content: (
        <>
          {approve && (
            // The suggestion is what was paid for the returned units (no shipping); the
            // operator may change it, within what the order can still refund (checked by the server).
            <InputNumber
              addonBefore="退款金额 ¥"
              defaultValue={a.refund}
              min={0}
              precision={2}
              style={{ width: '100%', marginBottom: 8 }}
              data-testid="after-sale-refund"
              onChange={(v) => {
                refund.current = v ?? undefined;
              }}
            />
          )}
          <Input.TextArea
            rows={2}
            placeholder="处理说明（买家可见）"
            onChange={(e) => {
              note.current = e.target.value;
            }}
          />
        </>
      ),
      onOk: async () => {
        try {
          await action.mutateAsync({ id: a.id, approve, note: note.current, refund: refund.current });
          message.success('已处理');
        } catch {
          // the HTTP client has already shown the refusal (温馨提示 or toast)
        }
      },
    });
  };
  return (
    <Card title="退货 / 售后" data-testid="admin-after-sales">
      <Tabs
        activeKey={status}
        onChange={setStatus}
        items={[
          { key: 'pending', label: '待审核' },
          { key: 'approved', label: '已同意' },
          { key: 'refused', label: '已拒绝' },
        ]}
      />
      <Table
        rowKey="id"
        size="small"
        dataSource={data}
        columns={[
          { title: '订单号', dataIndex: 'order_no' },
          { title: '类型', render: (_, a) => <Tag>{a.kind_label}</Tag> },
          { title: '原因', dataIndex: 'reason' },
          { title: '数量', render: (_, a) => a.lines.reduce((s, l) => s + l.quantity, 0) },
          {
            title: '凭证照片',
            render: (_, a) => <FileThumbs ids={a.photo_ids} label="凭证照片" />,
          },
          { title: '退款', render: (_, a) => `¥${a.refund.toFixed(2)}` },
          { title: '申请时间', render: (_, a) => beijingDateTimeText(a.created_at) },
          {
            title: '操作',
            render: (_, a) =>
              a.status === 'pending' ? (
                <ReviewButtons
                  approveLabel="同意"
                  refuseLabel="拒绝"
                  onDecide={(approve) => decide(a, approve)}
                />
              ) : (
                a.operator_note || a.status_label
              ),
          },
        ]}
      />
    </Card>
  );
}
