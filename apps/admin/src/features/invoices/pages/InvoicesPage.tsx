import { type AdminInvoiceView, beijingDateText, invoiceStates } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { invoiceStateColors } from '@yaocai/web-client/status-colors';
import { Button, Form, Input, Popconfirm, Space, Tag } from 'antd';
import {
  ListPage,
  ModalForm,
  StatusTag,
  useListQuery,
  useModalForm,
  useRowAction,
} from '../../../components/list-page';
import {
  type InvoiceQuery,
  useInvoices,
  useIssueInvoice,
  useRefreshInvoice,
  useRejectInvoice,
} from '../api/invoices';

const money = (v: number) => `¥${v.toFixed(2)}`;

/**
 * 发票管理 (财务, invoices:write): the stores' invoice requests, the queue (待开票) oldest first;
 * issue one (its lines and amounts are fixed from the order as paid) or send it back with a
 * reason; download an issued one's PDF.
 */
export default function InvoicesPage() {
  const { message } = useFeedback();
  const [query, setQuery] = useListQuery<InvoiceQuery>({ state: 'pending', page: 1, page_size: 20 });
  const { data, isFetching } = useInvoices(query);
  const issue = useIssueInvoice();
  const refresh = useRefreshInvoice();
  const reject = useRejectInvoice();
  const run = useRowAction();
  const sendBack = useModalForm<AdminInvoiceView, { reason: string }>({
    send: (values, invoice) => reject.mutateAsync({ id: invoice.id, reason: values.reason }),
    sending: reject.isPending,
    done: '已退回，门店会收到消息',
  });

  return (
    <ListPage<AdminInvoiceView, InvoiceQuery>
      title="发票管理"
      testId="admin-invoices"
      source={{ query, onQuery: setQuery, data, loading: isFetching }}
      status={{ key: 'state', options: invoiceStates }}
      search={{ placeholder: '订单号、抬头、发票号码、门店或手机号', width: 300 }}
      columns={[
        {
          title: '订单',
          render: (_, r) => (
            <>
              {r.order_no}
              <div className="ad-muted">
                {beijingDateText(r.ordered_at)} · {r.order_status_label}
              </div>
            </>
          ),
        },
        {
          title: '门店',
          render: (_, r) => (
            <>
              {r.company_name} / {r.store_name}
              <div className="ad-muted">{r.phone}</div>
            </>
          ),
        },
        {
          title: '开票信息',
          render: (_, r) => (
            <>
              <Tag>{r.type_name}</Tag>
              {r.kind === 'red' && <Tag color="red">红字发票</Tag>}
              {r.title}
              {r.original_invoice_no && (
                <div className="ad-muted">
                  {r.kind === 'red' ? '冲销蓝字发票' : '替换已红冲发票'} {r.original_invoice_no}
                </div>
              )}
              {r.tax_no && <div className="ad-muted">税号 {r.tax_no}</div>}
            </>
          ),
        },
        { title: '金额', width: 100, render: (_, r) => money(r.total) },
        {
          title: '状态',
          width: 200,
          render: (_, r) => (
            <>
              <StatusTag status={r.state} colors={invoiceStateColors}>
                {r.state_name}
              </StatusTag>
              {r.reject_reason && <div style={{ color: '#cf1322' }}>退回原因：{r.reject_reason}</div>}
              {r.state === 'failed' && <div style={{ color: '#cf1322' }}>{r.hint}</div>}
              {r.invoice_no && (
                <div className="ad-muted">
                  {r.invoice_no}
                  <br />
                  {r.issued_by} {r.issued_at ? beijingDateText(r.issued_at) : ''}
                </div>
              )}
            </>
          ),
        },
        {
          title: '操作',
          width: 150,
          render: (_, r) => (
            <Space size={4}>
              {(r.state === 'pending' || r.state === 'failed') && (
                <Popconfirm
                  title={r.kind === 'red' ? '开具红字发票' : '开具发票'}
                  description={
                    r.kind === 'red'
                      ? `开具红字发票 ${money(r.total)}，冲销发票 ${r.original_invoice_no}？`
                      : `按订单实付金额 ${money(r.total)} 开具${r.type_name}？开具后不能修改。`
                  }
                  okText="开具"
                  onConfirm={() =>
                    run(
                      () => issue.mutateAsync(r.id),
                      '开具失败',
                      (done) => {
                        if (done.state === 'issued') message.success('发票已开具，门店会收到消息');
                        else if (done.state === 'issuing') message.info('已提交开票平台，开具中');
                        else message.error(`开票平台未能开具：${done.hint}`);
                      },
                    )
                  }
                >
                  <Button type="link" size="small" data-testid="admin-invoice-issue">
                    开票
                  </Button>
                </Popconfirm>
              )}
              {r.state === 'issuing' && (
                <Button
                  type="link"
                  size="small"
                  loading={refresh.isPending}
                  onClick={() =>
                    run(
                      () => refresh.mutateAsync(r.id),
                      '查询失败',
                      (done) => message.info(`开具结果：${done.state_name}`),
                    )
                  }
                >
                  查询结果
                </Button>
              )}
              {r.kind === 'blue' &&
                ['pending', 'on_hold', 'awaiting_payment', 'failed'].includes(r.state) && (
                  <Button type="link" size="small" danger onClick={() => sendBack.open(r)}>
                    退回
                  </Button>
                )}
              {r.pdf && (
                <a href={r.pdf} download data-testid="admin-invoice-download">
                  下载PDF
                </a>
              )}
            </Space>
          ),
        },
      ]}
    >
      <ModalForm
        state={sendBack}
        title={`退回发票申请：${sendBack.target?.order_no ?? ''}`}
        okText="退回"
        preserve={false}
      >
        <Form.Item
          name="reason"
          label="退回原因"
          rules={[{ required: true, min: 2, message: '请填写退回原因' }]}
        >
          <Input.TextArea rows={3} maxLength={200} showCount placeholder="如：抬头与营业执照不一致，请修改" />
        </Form.Item>
      </ModalForm>
    </ListPage>
  );
}
