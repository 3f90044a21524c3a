import {
  beijingDateText,
  type InvoiceState,
  type InvoiceView,
  invoiceStates,
  invoiceTypes,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Empty, Form, Input, Modal, Radio, Select, Table, Tabs, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { applyApiError } from '../../../lib/form-errors';
import { useInvoiceableOrders, useMyInvoices, useRequestInvoice } from '../api/invoices';
import { yuan } from '../components/Amounts';

const stateColor: Record<InvoiceState, string> = {
  awaiting_payment: 'default',
  pending: 'orange',
  on_hold: 'gold',
  issuing: 'processing',
  failed: 'volcano',
  issued: 'green',
  reversed: 'purple',
  rejected: 'red',
  void: 'default',
};

interface Values {
  order_id?: number;
  type: 1 | 2;
  title: string;
  tax_no?: string;
}

/** What the form edits: a new request (any paid order without one) or one invoice's request. */
type Editing = { invoice: InvoiceView } | { orderId?: number };

/**
 * /dzfp 电子发票: the store's invoices by state, the reason of a returned one, the PDF of an
 * issued one; ask for an order's invoice, or correct the title and tax number until issued.
 * `?order_id=` (the order detail's link) opens the form for that order.
 */
export default function InvoicesPage() {
  const [search, setSearch] = useSearchParams();
  const [state, setState] = useState<InvoiceState | undefined>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing | null>(null);
  const list = useMyInvoices(page, state);
  const all = useMyInvoices(1);

  const linkedOrder = Number(search.get('order_id')) || 0;
  useEffect(() => {
    if (!linkedOrder || !all.data) return;
    const found = all.data.list.find((i) => i.order_id === linkedOrder);
    setEditing(found ? (found.editable ? { invoice: found } : null) : { orderId: linkedOrder });
    setSearch({}, { replace: true });
  }, [linkedOrder, all.data, setSearch]);

  return (
    <Card
      className="sh-container sh-page"
      title="电子发票"
      data-testid="invoices-page"
      extra={
        <Button type="primary" data-testid="invoice-new" onClick={() => setEditing({})}>
          申请开票
        </Button>
      }
    >
      <p style={{ color: '#666', marginTop: 0 }}>
        订单付款后可申请电子发票（普通发票或增值税专用发票），财务开具后可在此下载PDF；开具前可修改抬头和税号。
      </p>
      <Tabs
        activeKey={state ?? 'all'}
        onChange={(k) => {
          setState(k === 'all' ? undefined : (k as InvoiceState));
          setPage(1);
        }}
        items={[{ key: 'all', label: '全部' }, ...invoiceStates.map((s) => ({ key: s.code, label: s.name }))]}
      />
      <Table<InvoiceView>
        rowKey="id"
        size="middle"
        loading={list.isPending}
        dataSource={list.data?.list ?? []}
        locale={{ emptyText: <Empty description="暂无发票记录" /> }}
        expandable={{
          rowExpandable: (r) => r.lines.length > 0,
          expandedRowRender: (r) => <InvoiceLines invoice={r} />,
        }}
        pagination={{
          current: page,
          pageSize: 10,
          total: list.data?.total ?? 0,
          onChange: setPage,
          hideOnSinglePage: true,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: '订单号',
            width: 160,
            render: (_: unknown, r) => (
              <>
                <Link to={`/order/info/${r.order_id}`}>{r.order_no}</Link>
                <div style={{ color: '#707070', fontSize: 12 }}>
                  {beijingDateText(r.ordered_at)} · {r.order_status_label}
                </div>
              </>
            ),
          },
          {
            title: '发票类型',
            width: 120,
            render: (_: unknown, r) => (
              <div data-testid="invoice-kind">
                {r.type_name}
                {r.kind === 'red' && (
                  <Tag color="red" style={{ marginLeft: 4 }}>
                    红字
                  </Tag>
                )}
                {r.original_invoice_no && (
                  <div style={{ color: '#707070', fontSize: 12 }}>
                    {r.kind === 'red' ? '冲销' : '替换'}发票 {r.original_invoice_no}
                  </div>
                )}
              </div>
            ),
          },
          {
            title: '抬头 / 税号',
            width: 190,
            render: (_: unknown, r) => (
              <>
                {r.title}
                {r.tax_no && <div style={{ color: '#707070', fontSize: 12 }}>{r.tax_no}</div>}
              </>
            ),
          },
          { title: '金额', dataIndex: 'total', width: 90, render: (v: number) => yuan(v) },
          {
            title: '状态',
            render: (_: unknown, r) => (
              <div data-testid="invoice-state">
                <Tag color={stateColor[r.state]}>{r.state_name}</Tag>
                <div style={{ color: r.state === 'rejected' ? '#cf1322' : '#999', fontSize: 12 }}>
                  {r.state === 'rejected' ? `退回原因：${r.reject_reason}` : r.hint}
                </div>
              </div>
            ),
          },
          {
            title: '发票号码',
            width: 180,
            render: (_: unknown, r) =>
              r.invoice_no ? (
                <>
                  {r.invoice_no}
                  <div style={{ color: '#707070', fontSize: 12 }}>
                    {r.issued_at ? `开票日期 ${beijingDateText(r.issued_at)}` : ''}
                  </div>
                </>
              ) : (
                '-'
              ),
          },
          {
            title: '操作',
            width: 110,
            render: (_: unknown, r) =>
              r.pdf ? (
                <a href={r.pdf} download data-testid="invoice-download">
                  下载PDF
                </a>
              ) : r.editable ? (
                <Button
                  type="link"
                  size="small"
                  style={{ padding: 0 }}
                  onClick={() => setEditing({ invoice: r })}
                >
                  {r.state === 'rejected' ? '修改后重新提交' : '修改开票信息'}
                </Button>
              ) : (
                '-'
              ),
          },
        ]}
      />
      {editing && <InvoiceForm editing={editing} onClose={() => setEditing(null)} />}
    </Card>
  );
}

function InvoiceLines({ invoice }: { invoice: InvoiceView }) {
  return (
    <Table
      rowKey={(_, i) => String(i)}
      size="small"
      pagination={false}
      dataSource={invoice.lines}
      columns={[
        { title: '项目名称', dataIndex: 'name' },
        { title: '规格型号', dataIndex: 'spec' },
        { title: '数量', dataIndex: 'quantity', width: 70 },
        { title: '金额', dataIndex: 'amount', width: 100, render: (v: number) => yuan(v) },
        { title: '税率', dataIndex: 'rate', width: 70, render: (v: number) => `${v}%` },
        { title: '税额', dataIndex: 'tax', width: 100, render: (v: number) => yuan(v) },
      ]}
      summary={() => (
        <Table.Summary.Row>
          <Table.Summary.Cell index={0} colSpan={3}>
            合计
          </Table.Summary.Cell>
          <Table.Summary.Cell index={3}>{yuan(invoice.amount ?? 0)}</Table.Summary.Cell>
          <Table.Summary.Cell index={4} />
          <Table.Summary.Cell index={5}>{yuan(invoice.tax ?? 0)}</Table.Summary.Cell>
        </Table.Summary.Row>
      )}
    />
  );
}

function InvoiceForm({ editing, onClose }: { editing: Editing; onClose: () => void }) {
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
