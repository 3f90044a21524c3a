import type { OrderDetailView } from '@yaocai/domain';
import { beijingDateTimeText } from '@yaocai/domain';
import { Empty, Timeline } from 'antd';
import { Card } from '../../../components/Card';

const time = beijingDateTimeText;

/** Shipments with their tracking events, newest first. */
export function Tracking({ shipments }: { shipments: OrderDetailView['shipments'] }) {
  return (
    <Card size="small" title="物流信息" style={{ marginTop: 12 }} id="wl" data-testid="tracking">
      {shipments.length === 0 && <Empty description="暂无物流信息" />}
      {shipments.map((s) => (
        <div key={s.id}>
          <p>
            <strong>{s.carrier}</strong> 运单号：{s.tracking_no}（{time(s.shipped_at)} 发货）
          </p>
          <Timeline items={s.events.map((e) => ({ children: `${time(e.at)}  ${e.description}` }))} />
        </div>
      ))}
    </Card>
  );
}

/** The order's status history (audit trail). */
export function History({ history }: { history: OrderDetailView['history'] }) {
  return (
    <Card size="small" title="订单记录" style={{ marginTop: 12 }}>
      <Timeline
        items={history.map((h) => ({ children: `${time(h.at)}  ${h.label}${h.note ? `：${h.note}` : ''}` }))}
      />
    </Card>
  );
}
