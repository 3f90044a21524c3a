import { type InvoiceState, invoiceStates } from '@yaocai/domain';
import { Button } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { LightTabs } from '../../../components/LightTabs';
import { useMyInvoices } from '../api/invoices';
import type { InvoiceEditing } from '../components/InvoiceForm';
import { InvoiceTable } from '../components/InvoiceTable';

// The dialog (antd's Modal, Form and Select) loads when the store first asks for or corrects one.
const InvoiceForm = lazy(() => import('../components/InvoiceForm'));

/**
 * /dzfp 电子发票: the store's invoices by state, the reason of a returned one, the PDF of an
 * issued one; ask for an order's invoice, or correct the title and tax number until issued.
 * `?order_id=` (the order detail's link) opens the form for that order.
 */
export default function InvoicesPage() {
  const [search, setSearch] = useSearchParams();
  const [state, setState] = useState<InvoiceState | undefined>();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<InvoiceEditing | null>(null);
  const list = useMyInvoices(page, state);
  const all = useMyInvoices(1);

  const linkedOrder = Number(search.get('order_id')) || 0;
  useEffect(() => {
    if (!linkedOrder || !all.data) return;
    const found = all.data.list.find((i) => i.order_id === linkedOrder);
    setEditing(found ? (found.editable ? { invoice: found } : null) : { orderId: linkedOrder });
    setSearch({}, { replace: true });
  }, [linkedOrder, all.data, setSearch]);

  const table = (
    <InvoiceTable
      rows={list.data?.list ?? []}
      loading={list.isPending}
      page={page}
      total={list.data?.total ?? 0}
      onPage={setPage}
      onEdit={(invoice) => setEditing({ invoice })}
    />
  );
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
      <LightTabs
        className="sh-tabs--line"
        label="发票状态"
        activeKey={state ?? 'all'}
        onChange={(k) => {
          setState(k === 'all' ? undefined : (k as InvoiceState));
          setPage(1);
        }}
        items={[
          { key: 'all', label: '全部' },
          ...invoiceStates.map((s) => ({ key: s.code, label: s.name })),
        ].map((tab) => ({ ...tab, children: table }))}
      />
      {editing && (
        <Suspense fallback={null}>
          <InvoiceForm editing={editing} onClose={() => setEditing(null)} />
        </Suspense>
      )}
    </Card>
  );
}
