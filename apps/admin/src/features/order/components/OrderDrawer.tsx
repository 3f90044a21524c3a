import { beijingDateTimeText, formatAddress } from '@yaocai/domain';
import { Button, Descriptions, Drawer, Input, Space, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useAddTracking } from '../api/add-tracking';
import { useOrder } from '../api/get-order';

const time = (s: number | null) => (s ? beijingDateTimeText(s) : '-');

/** An order's lines, address, history and tracking; add a tracking event. */
export function OrderDrawer({ orderId, onClose }: { orderId: number | null; onClose(): void }) {
  const { data: o } = useOrder(orderId);
  const action = useAddTracking();
  const [event, setEvent] = useState('');
  const addEvent = async () => {
    if (!orderId) return;
    try {
      await action.mutateAsync({ id: orderId, description: event });
      setEvent('');
    } catch {
      // the HTTP client has already shown the refusal (温馨提示 or toast)
    }
  };
  return (
    <Drawer open={!!orderId} onClose={onClose} width={720} title={o ? `订单 ${o.order_no}` : '订单'}>
      {o && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label="状态">
              {o.status_label}
              {o.refund_mark && (
                <Tag color="orange" style={{ marginLeft: 8 }}>
                  {o.refund_mark}
                </Tag>
              )}
            </Descriptions.Item>
            <Descriptions.Item label="实付">
              ¥{o.total.toFixed(2)}（{o.payment_label ?? '未支付'}）
              {o.refunded > 0 && `，已退 ¥${o.refunded.toFixed(2)}`}
            </Descriptions.Item>
            <Descriptions.Item label="收货人" span={2}>
              {o.address.consignee} {o.address.phone} {formatAddress(o.address)}
            </Descriptions.Item>
            <Descriptions.Item label="随货资料" span={2}>
              {o.papers.join('、') || '-'}
            </Descriptions.Item>
            <Descriptions.Item label="备注" span={2}>
              {o.remarks || '-'}
            </Descriptions.Item>
          </Descriptions>
          <Table
            style={{ marginTop: 12 }}
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={o.lines}
            columns={[
              {
                title: '商品',
                render: (_, l) => (
                  <>
                    {l.kind !== 'goods' && (
                      <Tag color={l.kind === 'gift' ? 'red' : 'orange'}>{l.kind_label}</Tag>
                    )}
                    {l.promotion_label && <Tag color="volcano">{l.promotion_label}</Tag>}
                    {l.name} {l.spec}
                  </>
                ),
              },
              { title: '仓库', dataIndex: 'warehouse_name' },
              { title: '数量', dataIndex: 'quantity' },
              {
                title: '批号 / 有效期至',
                render: (_, l) => {
                  const taken = o.batches.filter((b) => b.line_id === l.id);
                  return taken.length
                    ? taken.map((b) => (
                        <div key={`${b.batch_no}-${b.expires_on}`}>
                          {b.batch_no} / {b.expires_on} ×{b.quantity}
                        </div>
                      ))
                    : '-';
                },
              },
              {
                title: '追溯码',
                render: (_, l) => o.trace_codes.filter((c) => c.line_id === l.id).length || '-',
              },
              { title: '小计', render: (_, l) => `¥${l.payable.toFixed(2)}` },
            ]}
          />
          {o.batches.length > 0 && (
            <Space style={{ marginTop: 8 }}>
              <a href={`/api/admin/orders/${o.id}/delivery-note`} data-testid="admin-delivery-note">
                下载随货同行单（PDF）
              </a>
            </Space>
          )}
          {o.shipments.map((s) => (
            <div key={s.id} style={{ marginTop: 12 }}>
              <strong>{s.carrier}</strong> {s.tracking_no}
              <Timeline
                style={{ marginTop: 8 }}
                items={s.events.map((e) => ({ children: `${time(e.at)} ${e.description}` }))}
              />
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  value={event}
                  onChange={(e) => setEvent(e.target.value)}
                  placeholder="新增物流节点，如【杭州转运中心】已发出"
                />
                <Button type="primary" disabled={event.trim().length < 2} onClick={addEvent}>
                  添加
                </Button>
              </Space.Compact>
            </div>
          ))}
          <h4 style={{ marginTop: 16 }}>订单记录</h4>
          <Timeline items={o.history.map((h) => ({ children: `${time(h.at)} ${h.label} ${h.note}` }))} />
        </>
      )}
    </Drawer>
  );
}
