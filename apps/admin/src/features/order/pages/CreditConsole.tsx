import { MAX_YUAN, PG_INT_MAX } from '@yaocai/domain';
import { App, Button, Card, Form, InputNumber } from 'antd';
import { useAdminAction } from '../api/admin';

/** Adjust a store's credit-term limit (账期额度) and term. */
export default function CreditConsole() {
  const { message } = App.useApp();
  const action = useAdminAction();
  const submit = async (v: { user_id: number; credit_limit: number; term_days?: number }) => {
    try {
      const r = (await action.mutateAsync({
        url: `/api/admin/users/${v.user_id}/credit`,
        body: { credit_limit: v.credit_limit, term_days: v.term_days },
      })) as {
        credit_limit: number;
        credit_used: number;
      };
      message.success(`已调整：额度 ¥${r.credit_limit.toFixed(2)}，已用 ¥${r.credit_used.toFixed(2)}`);
    } catch {
      // the HTTP client has already shown the refusal (温馨提示 or toast)
    }
  };
  return (
    <Card title="账期额度调整" data-testid="admin-credit">
      <Form layout="inline" onFinish={submit}>
        <Form.Item name="user_id" label="门店用户ID" rules={[{ required: true }]}>
          <InputNumber min={1} max={PG_INT_MAX} />
        </Form.Item>
        <Form.Item name="credit_limit" label="授信额度（元）" rules={[{ required: true }]}>
          <InputNumber min={0} max={MAX_YUAN} precision={2} style={{ width: 160 }} />
        </Form.Item>
        <Form.Item name="term_days" label="账期（天）">
          <InputNumber min={1} max={365} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={action.isPending}>
          保存
        </Button>
      </Form>
    </Card>
  );
}
