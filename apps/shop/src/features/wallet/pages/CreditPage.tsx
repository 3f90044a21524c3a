import { beijingDateText, formatYuan, fromYuan } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Card } from '../../../components/Card';
import { LightStatistic } from '../../../components/LightStatistic';
import { LightTable } from '../../../components/LightTable';
import { LightTabs } from '../../../components/LightTabs';
import { useCredit, useCreditBills, useRepay } from '../api/wallet';

const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));
const date = (s: number | null) => (s ? beijingDateText(s) : '-');

/** /zqgl — credit-term account: limit, used, available, bills with due dates, repayment. */
export default function CreditPage() {
  const { message, modal } = useFeedback();
  const credit = useCredit();
  const [q, setQ] = useState({ page: 1, type: 1 });
  const bills = useCreditBills(q);
  const repay = useRepay();
  const [selected, setSelected] = useState<number[]>([]);
  const c = credit.data;
  const doRepay = () =>
    modal.confirm({
      title: '温馨提示',
      content: '确定使用账户余额还款所选账单吗？',
      onOk: async () => {
        const r = await repay.mutateAsync(selected);
        message.success(`已还款 ${yuan(r.repaid)}`);
        setSelected([]);
      },
    });
  const table = (
    <LightTable
      rowKey="id"
      size="small"
      rowSelection={
        q.type !== 2
          ? {
              selectedRowKeys: selected,
              onChange: (keys) => setSelected(keys as number[]),
              getCheckboxProps: (b) => ({ 'aria-label': `选择${date(b.created_at)}的账单` }),
            }
          : undefined
      }
      dataSource={bills.data?.list ?? []}
      pagination={{
        current: q.page,
        total: bills.data?.total ?? 0,
        pageSize: 20,
        onChange: (page) => setQ({ ...q, page }),
      }}
      columns={[
        { title: '账单日期', render: (_, b) => date(b.created_at) },
        {
          title: '关联订单',
          render: (_, b) => (b.order_id ? <Link to={`/order/info/${b.order_id}`}>查看订单</Link> : '-'),
        },
        { title: '账单金额', render: (_, b) => yuan(b.amount) },
        { title: '待还金额', render: (_, b) => yuan(b.outstanding) },
        { title: '还款日', render: (_, b) => date(b.due_at) },
        {
          title: '状态',
          render: (_, b) =>
            b.status === 'paid' ? (
              <Tag color="green">已还清</Tag>
            ) : b.overdue ? (
              <Tag color="red">已逾期</Tag>
            ) : (
              <Tag color="orange">待还款</Tag>
            ),
        },
      ]}
    />
  );
  return (
    <Card title="账期管理" className="sh-container sh-page" data-testid="credit-page">
      <div
        style={{ display: 'grid', gridTemplateColumns: 'repeat(4, 1fr)', columnGap: 16, marginBottom: 16 }}
      >
        <LightStatistic title="授信额度" value={c?.credit_limit ?? 0} precision={2} prefix="¥" />
        <LightStatistic title="已用额度" value={c?.credit_used ?? 0} precision={2} prefix="¥" />
        <LightStatistic title="可用额度" value={c?.credit_available ?? 0} precision={2} prefix="¥" />
        <LightStatistic
          title={`最近还款日（账期${c?.term_days ?? 30}天）`}
          value={c?.next_due_at ? date(c.next_due_at) : '无待还账单'}
        />
      </div>
      {/* Each status tab's panel holds the bills of that status. */}
      <LightTabs
        className="sh-tabs--line"
        label="账单状态"
        activeKey={String(q.type)}
        onChange={(k) => setQ({ page: 1, type: Number(k) })}
        items={[
          { key: '1', label: '待还款' },
          { key: '3', label: '已逾期' },
          { key: '2', label: '已还清' },
        ].map((tab) => ({ ...tab, children: table }))}
        extra={
          <Button type="primary" disabled={!selected.length} onClick={doRepay} loading={repay.isPending}>
            还款
          </Button>
        }
      />
    </Card>
  );
}
