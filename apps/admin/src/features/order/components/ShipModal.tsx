import { App, Form, Input, Modal, Select } from 'antd';
import { type ShipInput, useShipOrder } from '../api/ship-order';

const carriers = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '韵达快递', '中国邮政 EMS'];

/** Ship an order: carrier and tracking number. */
export function ShipModal({ orderId, onClose }: { orderId: number | null; onClose(): void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<ShipInput>();
  const action = useShipOrder();
  const submit = async () => {
    if (!orderId) return;
    const body = await form.validateFields();
    try {
      await action.mutateAsync({ id: orderId, ...body });
      message.success('已发货');
      form.resetFields();
      onClose();
    } catch {
      // the HTTP client has already shown the refusal (温馨提示 or toast)
    }
  };
  return (
    <Modal
      open={!!orderId}
      title="订单发货"
      onCancel={onClose}
      onOk={submit}
      okText="确认发货"
      confirmLoading={action.isPending}
    >
      <Form form={form} layout="vertical" initialValues={{ carrier: carriers[0] }}>
        <Form.Item name="carrier" label="物流公司" rules={[{ required: true }]}>
          <Select options={carriers.map((c) => ({ value: c, label: c }))} />
        </Form.Item>
        <Form.Item
          name="tracking_no"
          label="运单号"
          rules={[{ required: true, pattern: /^[A-Za-z0-9-]{6,30}$/, message: '请填写正确的运单号' }]}
        >
          <Input data-testid="admin-tracking-no" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
