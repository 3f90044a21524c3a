import { beijingDateText, type InvoiceView, invoiceTypes } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Form, Input, Modal, Radio, Select } from 'antd';
import { applyApiError } from '../../../lib/form-errors';
import { useInvoiceableOrders, useRequestInvoice } from '../api/invoices';
import { yuan } from './Amounts';

interface Values {
  order_id?: number;
  type: 1 | 2;
  title: string;
  tax_no?: string;
}

/** What the form edits: a new request (any paid order without one) or one invoice's request. */
export type InvoiceEditing = { invoice: InvoiceView } | { orderId?: number };

/**
 * /dzfp's dialog: ask for an order's invoice, or correct one's title and tax number. Loaded when
 * first opened (InvoicesPage), with antd's Modal, Form and Select.
 */
export default function InvoiceForm({ editing, onClose }: { editing: InvoiceEditing; onClose: () => void }) {
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const send = useRequestInvoice();
  const current = 'invoice' in editing ? editing.invoice : null;
  const orders = useInvoiceableOrders(!current);
  const type = Form.useWatch('type', form);
  const submit = async (v: Values) => {
    try {
      await send.mutateAsync({
        order_id: current ? current.order_id : (v.order_id ?? 0),
        type: v.type,
        title: v.title,
        tax_no: v.tax_no ?? '',
      });
      message.success('开票申请已提交');
      onClose();
    } catch (error) {
      applyApiError(form, error);
    }
  };
  const orderId = 'orderId' in editing ? editing.orderId : undefined;
  const missing = !current && orderId && orders.data && !orders.data.some((o) => o.id === orderId);
  return (
    <Modal
      open
      title={current ? `修改开票信息（订单 ${current.order_no}）` : '申请开票'}
      okText="提交"
      onOk={() => form.submit()}
      confirmLoading={send.isPending}
      onCancel={onClose}
      destroyOnHidden
    >
      {current?.state === 'rejected' && (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={`退回原因：${current.reject_reason}`}
        />
      )}
      {missing && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="该订单尚未付款或已取消，付款后可申请开票"
        />
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          current
            ? { type: current.type as 1 | 2, title: current.title, tax_no: current.tax_no }
            : { type: 1, order_id: missing ? undefined : orderId }
        }
      >
        {!current && (
          <Form.Item name="order_id" label="订单" rules={[{ required: true, message: '请选择订单' }]}>
            <Select
              data-testid="invoice-order"
              placeholder={orders.data?.length === 0 ? '暂无可开票的订单' : '请选择已付款的订单'}
              loading={orders.isPending}
              options={(orders.data ?? []).map((o) => ({
                value: o.id,
                label: `${o.order_no}（${beijingDateText(o.ordered_at)}，${yuan(o.total)}）`,
              }))}
            />
          </Form.Item>
        )}
        <Form.Item name="type" label="发票类型">
          <Radio.Group options={invoiceTypes.map((t) => ({ value: t.code, label: t.short }))} />
        </Form.Item>
        <Form.Item
          name="title"
          label="发票抬头"
          rules={[{ required: true, whitespace: true, min: 2, message: '请填写发票抬头' }]}
        >
          <Input maxLength={100} placeholder="与营业执照上的企业名称一致" data-testid="invoice-title" />
        </Form.Item>
        <Form.Item
          name="tax_no"
          label="纳税人识别号"
          normalize={(v: string) => v?.toUpperCase()}
          rules={[
            { required: type === 2, message: '增值税专用发票须填写纳税人识别号' },
            { pattern: /^[0-9A-Z]{15,20}$/, message: '请填写正确的纳税人识别号（15至20位数字或大写字母）' },
          ]}
        >
          <Input maxLength={20} placeholder={type === 2 ? '必填' : '选填'} data-testid="invoice-tax-no" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
