import {
  beijingDateTimeSecondsText,
  type WebhookDeliveryState,
  type WebhookDeliveryView,
  type WebhookView,
  webhookDeliveryStates,
  webhookEventTypes,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Drawer, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { unreportedMessage } from '../../../lib/form-errors';
import { useDeliveries, useRedeliver } from '../api/webhooks';

const time = (ms: number | null) => (ms === null ? '-' : beijingDateTimeSecondsText(Math.floor(ms / 1000)));
const stateColor = { pending: 'processing', delivered: 'green', failed: 'red' } as const;

/** 投递记录: one subscription's deliveries, by state, each with 重新投递 (open:write). */
export function DeliveryLog({
  webhook,
  canWrite,
  onClose,
}: {
  webhook: WebhookView | undefined;
  canWrite: boolean;
  onClose: () => void;
}) {
  const { message } = useFeedback();
  const [state, setState] = useState<WebhookDeliveryState | undefined>();
  const [page, setPage] = useState(1);
  const { data, isLoading } = useDeliveries(webhook?.id, state, page);
  const redeliver = useRedeliver();
  return (
    <Drawer
      open={webhook !== undefined}
      onClose={onClose}
      width={960}
      title={`投递记录 · ${webhook?.url ?? ''}`}
      data-testid="webhook-deliveries"
    >
      <Select
        allowClear
        placeholder="全部状态"
        aria-label="状态"
        style={{ width: 160, marginBottom: 12 }}
        value={state}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
        options={Object.entries(webhookDeliveryStates).map(([value, label]) => ({ value, label }))}
      />
      <Table<WebhookDeliveryView>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{ current: page, pageSize: 20, total: data?.total ?? 0, onChange: setPage }}
        columns={[
          { title: '事件', render: (_, d) => webhookEventTypes[d.event_type] },
          {
            title: '事件 ID',
            render: (_, d) => (
              <Typography.Text copyable={{ text: d.event_id }}>{d.event_id.slice(0, 8)}</Typography.Text>
            ),
          },
          {
            title: '状态',
            render: (_, d) => <Tag color={stateColor[d.state]}>{webhookDeliveryStates[d.state]}</Tag>,
          },
          { title: '次数', dataIndex: 'attempts', width: 60 },
          { title: '状态码', render: (_, d) => d.last_status_code ?? '-', width: 70 },
          { title: '下次投递', render: (_, d) => time(d.next_attempt_at) },
          { title: '错误', render: (_, d) => d.last_error ?? '-', ellipsis: true },
          {
            title: '操作',
            render: (_, d) =>
              canWrite && d.state !== 'pending' && webhook ? (
                <Button
                  size="small"
                  onClick={() =>
                    redeliver.mutate(
                      { id: webhook.id, deliveryId: d.id },
                      {
                        onSuccess: () => message.success('已重新加入投递队列'),
                        onError: (e) => {
                          const text = unreportedMessage(e, '重新投递失败');
                          if (text) message.error(text);
                        },
                      },
                    )
                  }
                >
                  重新投递
                </Button>
              ) : null,
          },
        ]}
      />
    </Drawer>
  );
}
