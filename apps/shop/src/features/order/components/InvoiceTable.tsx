import { beijingDateText, type InvoiceView } from '@yaocai/domain';
import { invoiceStateColors } from '@yaocai/web-client/status-colors';
import { Button, Empty, Tag } from 'antd';
import { Fragment, type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { LightPager } from '../../../components/LightPager';
import '../../../components/plain-table.css';
import '../../../components/light-table.css';
import { yuan } from './Amounts';
import '../order.css';

const sub = (text: ReactNode) => <div style={{ color: '#707070', fontSize: 12 }}>{text}</div>;

/** The columns of an invoice row: title, width and cell. */
const columns: {
  title: string;
  width?: number;
  cell(r: InvoiceView, edit: (r: InvoiceView) => void): ReactNode;
}[] = [
  {
    title: '订单号',
    width: 160,
    cell: (r) => (
      <>
        <Link to={`/order/info/${r.order_id}`}>{r.order_no}</Link>
        {sub(`${beijingDateText(r.ordered_at)} · ${r.order_status_label}`)}
      </>
    ),
  },
  {
    title: '发票类型',
    width: 120,
    cell: (r) => (
      <div data-testid="invoice-kind">
        {r.type_name}
        {r.kind === 'red' && (
          <Tag color="red" style={{ marginLeft: 4 }}>
            红字
          </Tag>
        )}
        {r.original_invoice_no && sub(`${r.kind === 'red' ? '冲销' : '替换'}发票 ${r.original_invoice_no}`)}
      </div>
    ),
  },
  {
    title: '抬头 / 税号',
    width: 190,
    cell: (r) => (
      <>
        {r.title}
        {r.tax_no && sub(r.tax_no)}
      </>
    ),
  },
  { title: '金额', width: 90, cell: (r) => yuan(r.total) },
  {
    title: '状态',
    cell: (r) => (
      <div data-testid="invoice-state">
        <Tag color={invoiceStateColors[r.state]}>{r.state_name}</Tag>
        <div style={{ color: r.state === 'rejected' ? '#cf1322' : '#707070', fontSize: 12 }}>
          {r.state === 'rejected' ? `退回原因：${r.reject_reason}` : r.hint}
        </div>
      </div>
    ),
  },
  {
    title: '发票号码',
    width: 180,
    cell: (r) =>
      r.invoice_no ? (
        <>
          {r.invoice_no}
          {sub(r.issued_at ? `开票日期 ${beijingDateText(r.issued_at)}` : '')}
        </>
      ) : (
        '-'
      ),
  },
  {
    title: '操作',
    width: 110,
    cell: (r, edit) =>
      r.pdf ? (
        <a href={r.pdf} download data-testid="invoice-download">
          下载PDF
        </a>
      ) : r.editable ? (
        <Button type="link" size="small" style={{ padding: 0 }} onClick={() => edit(r)}>
          {r.state === 'rejected' ? '修改后重新提交' : '修改开票信息'}
        </Button>
      ) : (
        '-'
      ),
  },
];

/** An issued invoice's lines with their totals, under its row. */
function InvoiceLines({ invoice }: { invoice: InvoiceView }) {
  return (
    <table className="yc-plain-table sh-invoice-lines">
      <colgroup>
        <col />
        <col />
        <col style={{ width: 70 }} />
        <col style={{ width: 100 }} />
        <col style={{ width: 70 }} />
        <col style={{ width: 100 }} />
      </colgroup>
      <thead>
        <tr>
          <th scope="col">项目名称</th>
          <th scope="col">规格型号</th>
          <th scope="col">数量</th>
          <th scope="col">金额</th>
          <th scope="col">税率</th>
          <th scope="col">税额</th>
        </tr>
      </thead>
      <tbody>
        {invoice.lines.map((line, n) => (
          <tr key={n}>
            <td>{line.name}</td>
            <td>{line.spec}</td>
            <td>{line.quantity}</td>
            <td>{yuan(line.amount)}</td>
            <td>{`${line.rate}%`}</td>
            <td>{yuan(line.tax)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <td colSpan={3}>合计</td>
          <td>{yuan(invoice.amount ?? 0)}</td>
          <td />
          <td>{yuan(invoice.tax ?? 0)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

interface Props {
  rows: readonly InvoiceView[];
  loading: boolean;
  page: number;
  total: number;
  onPage(page: number): void;
  onEdit(invoice: InvoiceView): void;
}

/**
 * The store's invoices, each issued one opening onto its lines (antd Table's expandable rows),
 * as plain HTML in LightTable's look (light-table.css), which has no expandable rows: antd's Table
 * brought Tree, Menu, Dropdown and its own machinery (47 KB on the wire) into /dzfp.
 */
export function InvoiceTable({ rows, loading, page, total, onPage, onEdit }: Props) {
  const [open, setOpen] = useState<number[]>([]);
  const toggle = (id: number) => setOpen(open.includes(id) ? open.filter((o) => o !== id) : [...open, id]);
  return (
    <div>
      <div style={{ opacity: loading ? 0.5 : 1 }} aria-busy={loading || undefined}>
        <table className="yc-plain-table yc-light-table yc-plain-table--middle sh-invoice-table">
          {/* Column widths as antd sets them: each the whole column's, its padding included. */}
          <colgroup>
            <col style={{ width: 48 }} />
            {columns.map((c) => (
              <col key={c.title} style={{ width: c.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              <th className="sh-invoice-table__expand" scope="col">
                <span className="yc-sr-only">展开</span>
              </th>
              {columns.map((c) => (
                <th key={c.title} scope="col">
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length + 1} className="yc-plain-table__empty">
                  {loading ? null : <Empty description="暂无发票记录" />}
                </td>
              </tr>
            ) : (
              rows.map((r) => {
                const expanded = open.includes(r.id);
                return (
                  <Fragment key={r.id}>
                    <tr>
                      <td className="sh-invoice-table__expand">
                        {r.lines.length > 0 && (
                          <button
                            type="button"
                            className={`sh-expand-icon${expanded ? '' : ' is-collapsed'}`}
                            aria-label={expanded ? '关闭行' : '展开行'}
                            aria-expanded={expanded}
                            onClick={() => toggle(r.id)}
                          />
                        )}
                      </td>
                      {columns.map((c) => (
                        <td key={c.title}>{c.cell(r, onEdit)}</td>
                      ))}
                    </tr>
                    {expanded && (
                      <tr className="sh-invoice-table__lines">
                        <td colSpan={columns.length + 1}>
                          <InvoiceLines invoice={r} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {total > 10 && (
        <LightPager
          style={{ margin: '16px 0', justifyContent: 'flex-end' }}
          current={page}
          pageSize={10}
          total={total}
          onChange={onPage}
        />
      )}
    </div>
  );
}
