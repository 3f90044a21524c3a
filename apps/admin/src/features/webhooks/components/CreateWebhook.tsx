import { type WebhookCreateBody, type WebhookCreated, webhookEventTypes } from '@yaocai/domain';
import { Alert, Checkbox, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { showFieldErrors, unreportedMessage } from '../../../lib/form-errors';
import { useCreateWebhook } from '../api/webhooks';

/** 新建订阅: URL, events, description; then the signing secret, shown this once. */
export function CreateWebhook({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Omit<WebhookCreateBody, 'active'>>();
  const create = useCreateWebhook();
  const [created, setCreated] = useState<WebhookCreated>();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setCreated(undefined);
    setError(null);
    form.resetFields();
    onClose();
  };
  const submit = (values: Omit<WebhookCreateBody, 'active'>) =>
    create.mutate(values, {
      onSuccess: setCreated,
      onError: (e) => {
        if (!showFieldErrors(form, e)) setError(unreportedMessage(e, '创建失败'));
      },
    });
  return (
    <Modal
      open={open}
      title={created ? '签名密钥' : '新建 Webhook 订阅'}
      onCancel={close}
      onOk={created ? close : () => form.submit()}
      okText={created ? '我已保存' : '创建'}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      {created ? (
        <div data-testid="webhook-secret">
          <Alert
            type="warning"
            showIcon
            message="签名密钥只显示这一次，请立即复制保存，用于校验 Yaocai-Signature。"
          />
          <Typography.Paragraph copyable code style={{ marginTop: 16 }}>
            {created.secret}
          </Typography.Paragraph>
        </div>
      ) : (
        <Form form={form} layout="vertical" onFinish={submit} data-testid="webhook-form">
          {error ? <Alert type="error" message={error} style={{ marginBottom: 12 }} /> : null}
          <Form.Item name="url" label="接收地址" rules={[{ required: true, message: '请填写接收地址' }]}>
            <Input placeholder="https://erp.example.com/yaocai/webhook" maxLength={500} />
          </Form.Item>
          <Form.Item
            name="events"
            label="订阅事件"
            rules={[{ required: true, message: '请至少选择一种事件' }]}
          >
            <Checkbox.Group
              options={Object.entries(webhookEventTypes).map(([value, label]) => ({ value, label }))}
            />
          </Form.Item>
          <Form.Item name="description" label="说明">
            <Input maxLength={60} placeholder="如：ERP 订单同步" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
