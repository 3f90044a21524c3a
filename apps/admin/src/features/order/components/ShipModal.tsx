import type { OrderLineView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Form, Input, Modal, Select, Skeleton, Typography } from 'antd';
import { showFieldErrors } from '../../../lib/form-errors';
import { useOrder } from '../api/get-order';
import { type ShipInput, useShipOrder } from '../api/ship-order';

const carriers = ['顺丰速运', '京东物流', '中通快递', '圆通速递', '韵达快递', '中国邮政 EMS'];

/** How many codes a trace-code box holds (one per pack: line breaks, spaces or commas between). */
const countCodes = (text: string | undefined) => (text ?? '').split(/[\s,，;；]+/).filter(Boolean).length;

/** One line's trace codes, with a running count against the line's quantity. */
function LineCodes({ line, index }: { line: OrderLineView; index: number }) {
  const form = Form.useFormInstance();
  const text = Form.useWatch(['trace_codes', index, 'codes'], form) as string | undefined;
  const count = countCodes(text);
  return (
    <>
      <Form.Item name={['trace_codes', index, 'line_id']} initialValue={line.id} hidden>
        <Input />
      </Form.Item>
      <Form.Item
        name={['trace_codes', index, 'codes']}
        // The server judges the codes; a rule makes an edit replace its last refusal.
        rules={[{ validator: () => Promise.resolve() }]}
        label={`${line.name} ${line.spec}（${line.warehouse_name}）× ${line.quantity}${line.unit}`}
        extra={
          <span data-testid={`admin-trace-count-${line.id}`}>
            已录入 {count} / {line.quantity} 个
          </span>
        }
      >
        <Input.TextArea
          rows={2}
          placeholder="每件一个追溯码：扫码枪逐件扫描，或粘贴（换行、空格或逗号分隔）"
          data-testid={`admin-trace-codes-${line.id}`}
        />
      </Form.Item>
    </>
  );
}

/**
 * Ship an order: carrier, tracking number and the trace code (药品追溯码) of every pack. The
 * server takes each line's batches first expiry first out and refuses codes already shipped.
 */
export function ShipModal({ orderId, onClose }: { orderId: number | null; onClose(): void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<ShipInput>();
  const { data: order, isPending } = useOrder(orderId);
  const action = useShipOrder();
  const close = () => {
    form.resetFields();
    onClose();
  };
  const submit = async () => {
    if (!orderId) return;
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const body = await form.validateFields();
      await action.mutateAsync({ id: orderId, ...body });
      message.success('已发货：批次已按近效期先出分配');
      close();
    } catch (error) {
      // The HTTP client has already shown the refusal; a 422 also shows under its field.
      showFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={!!orderId}
      title={order ? `订单发货 ${order.order_no}` : '订单发货'}
      onCancel={close}
      onOk={submit}
      okText="确认发货"
      confirmLoading={action.isPending}
      width={640}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={{ carrier: carriers[0] }}
        data-testid="admin-ship-form"
      >
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
        {order && order.papers.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={`门店要求随货资料：${order.papers.join('、')}`}
            data-testid="admin-ship-papers"
          />
        )}
        <Typography.Title level={5}>药品追溯码</Typography.Title>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="批号按近效期先出自动分配并打印在随货同行单上；同一追溯码只能发货一次。"
        />
        {isPending || !order ? (
          <Skeleton active />
        ) : (
          order.lines.map((line, index) => <LineCodes key={line.id} line={line} index={index} />)
        )}
      </Form>
    </Modal>
  );
}
