import { type AdminTransferView, beijingDateText, transferReceiptStates } from '@yaocai/domain';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { ListPage, useListQuery } from '../../../components/list-page';
import { type TransferQuery, useTransfers } from '../api/transfers';
import { TransferDecisionModal } from '../components/TransferDecisionModal';

const money = (v: number) => `¥${v.toFixed(2)}`;
const stateColor: Record<string, string> = {
  pending: 'orange',
  partial: 'gold',
  confirmed: 'green',
  rejected: 'red',
};

/** 财务 → 对公转账 (transfers:confirm): the 银行回单 queue, 待确认 oldest first. */
export default function TransfersPage() {
  const [query, setQuery] = useListQuery<TransferQuery>({ state: 'pending', page: 1, page_size: 20 });
  const { data, isFetching } = useTransfers(query);
  const [open, setOpen] = useState<AdminTransferView | null>(null);
  return (
    <ListPage<AdminTransferView, TransferQuery>
      title="对公转账"
      testId="admin-transfers"
      source={{ query, onQuery: setQuery, data, loading: isFetching }}
      status={{ key: 'state', options: transferReceiptStates }}
      search={{ placeholder: '订单号、汇款识别码、付款户名或企业', width: 300 }}
      columns={[
        {
          title: '订单 / 识别码',
          render: (_, r) => (
            <>
              {r.order_no}
              <div className="ad-muted">
                识别码 <b>{r.code}</b> · {r.order_status_label}
              </div>
            </>
          ),
        },
        { title: '企业', render: (_, r) => `${r.company_name} / ${r.store_name}` },
        {
          title: '付款户名 / 回单',
          render: (_, r) => (
            <>
              {r.payer_name}
              <div className="ad-muted">
                {money(r.amount)} · {r.transfer_date}
              </div>
            </>
          ),
        },
        { title: '应到账', width: 110, render: (_, r) => money(r.expected) },
        {
          title: '状态',
          width: 200,
          render: (_, r) => (
            <>
              <Tag color={stateColor[r.state]}>{r.state_name}</Tag>
              {r.received !== null && <span>到账 {money(r.received)}</span>}
              {r.excess > 0 && (
                <div className="ad-muted">
                  多付 {money(r.excess)}（{r.excess_to === 'wallet' ? '已转入余额' : '退款待办'}）
                </div>
              )}
              {r.reason && <div style={{ color: '#cf1322' }}>退回原因：{r.reason}</div>}
              {r.decided_by && (
                <div className="ad-muted">
                  {r.decided_by} {r.decided_at ? beijingDateText(r.decided_at) : ''}
                </div>
              )}
            </>
          ),
        },
        {
          title: '操作',
          width: 90,
          render: (_, r) => (
            <Button type="link" size="small" onClick={() => setOpen(r)} data-testid="admin-transfer-open">
              {r.state === 'pending' ? '处理' : '查看'}
            </Button>
          ),
        },
      ]}
    >
      {open && <TransferDecisionModal receipt={open} onClose={() => setOpen(null)} />}
    </ListPage>
  );
}
