import {
  beijingDateTimeText,
  type OpenKeyCreateBody,
  type OpenKeyCreated,
  type OpenKeyView,
  openScopeName,
  openScopes,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { showFieldErrors, unreportedMessage } from '../../../lib/form-errors';
import { useCan } from '../../../lib/me';
import { useCreateOpenKey, useOpenKeys, useRevokeOpenKey } from '../api/keys';

const time = (ms: number | null) => (ms === null ? '-' : beijingDateTimeText(Math.floor(ms / 1000)));

/** The key just made, shown once with a copy button and a warning. */
function CreatedKey({ created, onClose }: { created: OpenKeyCreated | null; onClose: () => void }) {
  return (
    <Modal
      open={created !== null}
      title="密钥已创建"
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose}>
          我已保存
        </Button>
      }
    >
      <Alert
        type="warning"
        showIcon
        style={{ marginBottom: 12 }}
        message="密钥只显示这一次"
        description="请立即复制并妥善保存到ERP的接口配置中。关闭后无法再次查看；遗失只能吊销后重新创建。"
      />
      <Typography.Paragraph
        copyable={{ text: created?.key, tooltips: ['复制', '已复制'] }}
        data-testid="open-key-secret"
      >
        <Typography.Text code>{created?.key}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Text type="secondary">
        调用时在请求头中发送 Authorization: Bearer &lt;密钥&gt;。
      </Typography.Text>
    </Modal>
  );
}

/**
 * 系统 → 开放接口 (open:read): the ERP's keys, with 新建密钥 and 吊销 (open:write). A key's
 * secret is shown once, when it is made; the list shows its prefix.
 */
export default function OpenApiPage() {
  const { message } = useFeedback();
  const { data, isLoading } = useOpenKeys();
  const create = useCreateOpenKey();
  const revoke = useRevokeOpenKey();
  const canWrite = useCan('open:write');
  const [form] = Form.useForm<OpenKeyCreateBody>();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<OpenKeyCreated | null>(null);

  const submit = async () => {
    const body = await form.validateFields();
    try {
      const key = await create.mutateAsync(body);
      setCreating(false);
      form.resetFields();
      setCreated(key);
    } catch (error) {
      if (showFieldErrors(form, error)) return;
      const text = unreportedMessage(error, '创建失败');
      if (text) message.error(text);
    }
  };

  return (
    <Card
      title="开放接口"
      data-testid="admin-open-keys"
      extra={
        <>
          <Button type="link" href="/api/open/docs" target="_blank" rel="noreferrer">
            接口文档
          </Button>
          {canWrite && (
            <Button type="primary" onClick={() => setCreating(true)} data-testid="open-key-new">
              新建密钥
            </Button>
          )}
        </>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message="ERP 通过开放接口（/api/open/v1）同步商品、库存、价格，拉取订单并回传发货。每个密钥按权限范围授权，调用以「开放接口·密钥名称」记入审计日志。"
      />
      <Table<OpenKeyView>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data ?? []}
        pagination={false}
        columns={[
          { title: '名称', dataIndex: 'name' },
          { title: '密钥前缀', render: (_, k) => <Typography.Text code>{k.prefix}…</Typography.Text> },
          {
            title: '权限范围',
            render: (_, k) => k.scopes.map((s) => <Tag key={s}>{openScopeName(s)}</Tag>),
          },
          { title: '每分钟上限', dataIndex: 'rate_limit_per_minute', width: 100 },
          { title: '创建人', dataIndex: 'created_by' },
          { title: '创建时间', render: (_, k) => time(k.created_at) },
          {
            title: '最近调用',
            render: (_, k) => (k.last_used_at === null ? '从未调用' : time(k.last_used_at)),
          },
          {
            title: '状态',
            render: (_, k) =>
              k.revoked_at === null ? <Tag color="green">有效</Tag> : <Tag>已吊销 {time(k.revoked_at)}</Tag>,
          },
          {
            title: '操作',
            render: (_, k) =>
              canWrite && k.revoked_at === null ? (
                <Popconfirm
                  title={`吊销密钥「${k.name}」？`}
                  description="吊销后使用该密钥的调用立即被拒绝，且无法恢复。"
                  okText="吊销"
                  okButtonProps={{ danger: true }}
                  cancelText="取消"
                  onConfirm={async () => {
                    try {
                      await revoke.mutateAsync(k.id);
                      message.success('已吊销');
                    } catch (error) {
                      const text = unreportedMessage(error, '吊销失败');
                      if (text) message.error(text);
                    }
                  }}
                >
                  <Button type="link" danger size="small">
                    吊销
                  </Button>
                </Popconfirm>
              ) : null,
          },
        ]}
      />
      <Modal
        open={creating}
        title="新建密钥"
        okText="创建"
        cancelText="取消"
        confirmLoading={create.isPending}
        okButtonProps={{ 'data-testid': 'open-key-create' } as never}
        onOk={submit}
        onCancel={() => setCreating(false)}
      >
        <Form form={form} layout="vertical" initialValues={{ scopes: [], rate_limit_per_minute: 600 }}>
          <Form.Item name="name" label="名称" rules={[{ required: true, message: '请填写名称' }]}>
            <Input maxLength={40} placeholder="如：用友U8 商品同步" />
          </Form.Item>
          <Form.Item
            name="scopes"
            label="权限范围"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一项权限范围' }]}
          >
            <Checkbox.Group options={openScopes.map((s) => ({ label: s.name, value: s.code }))} />
          </Form.Item>
          <Form.Item name="rate_limit_per_minute" label="每分钟调用上限">
            <InputNumber min={10} max={6000} precision={0} style={{ width: 160 }} />
          </Form.Item>
        </Form>
      </Modal>
      <CreatedKey created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}
