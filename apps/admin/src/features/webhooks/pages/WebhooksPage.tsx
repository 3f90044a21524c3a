import { beijingDateTimeSecondsText, type WebhookView, webhookEventTypes } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Card, Popconfirm, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { unreportedMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/me';
import { useDeleteWebhook, useSetWebhookActive, useWebhooks } from '../api/webhooks';
import { CreateWebhook } from '../components/CreateWebhook';
import { DeliveryLog } from '../components/DeliveryLog';

/**
 * 系统 → Webhook (open:read): the subscriptions the ERP receives events through, with their
 * pending and given-up deliveries and a delivery log each; created, switched and deleted with
 * open:write (audited).
 */
export default function WebhooksPage() {
  const { message } = useFeedback();
  const { data, isLoading } = useWebhooks();
  const canWrite = useCan('open:write');
  const setActive = useSetWebhookActive();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [viewing, setViewing] = useState<WebhookView>();
  const failed = (fallback: string) => (e: unknown) => {
    const text = unreportedMessage(e, fallback);
    if (text) message.error(text);
  };
  return (
    <Card
      title="Webhook"
      data-testid="admin-webhooks"
      extra={
        canWrite ? (
          <Button type="primary" onClick={() => setCreating(true)}>
            新建订阅
          </Button>
        ) : null
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="事件发生后推送到 ERP 的接收地址，按签名密钥签名；未收到 2xx 应答时按指数退避重试 24 小时。接收方请按事件 ID 去重。"
      />
      <Table<WebhookView>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: '接收地址', dataIndex: 'url', ellipsis: true },
          { title: '说明', dataIndex: 'description' },
          {
            title: '事件',
            render: (_, w) => w.events.map((e) => <Tag key={e}>{webhookEventTypes[e]}</Tag>),
          },
          {
            title: '投递',
            render: (_, w) => (
              <Space size={4}>
                {w.pending > 0 ? <Tag color="processing">待投递 {w.pending}</Tag> : null}
                {w.failed > 0 ? <Tag color="red">已放弃 {w.failed}</Tag> : null}
              </Space>
            ),
          },
          {
            title: '创建',
            render: (_, w) =>
              `${w.created_by} ${beijingDateTimeSecondsText(Math.floor(w.created_at / 1000))}`,
          },
          {
            title: '启用',
            render: (_, w) => (
              <Switch
                checked={w.active}
                disabled={!canWrite}
                onChange={(active) => setActive.mutate({ id: w.id, active }, { onError: failed('操作失败') })}
              />
            ),
          },
          {
            title: '操作',
            render: (_, w) => (
              <Space>
                <Button size="small" onClick={() => setViewing(w)}>
                  投递记录
                </Button>
                {canWrite ? (
                  <Popconfirm
                    title="删除后不再推送，待投递的记录将放弃。确定删除？"
                    onConfirm={() => remove.mutate(w.id, { onError: failed('删除失败') })}
                  >
                    <Button size="small" danger>
                      删除
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <CreateWebhook open={creating} onClose={() => setCreating(false)} />
      <DeliveryLog webhook={viewing} canWrite={canWrite} onClose={() => setViewing(undefined)} />
    </Card>
  );
}
