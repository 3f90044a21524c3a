import { beijingDateTimeText, formatYuan, fromYuan } from '@yaocai/domain';
import { Space, Statistic } from 'antd';
import { useState } from 'react';
import { Card } from '../../../components/Card';
import { LazyRangePicker } from '../../../components/LazyRangePicker';
import { LightTable } from '../../../components/LightTable';
import '../../../components/light-controls.css';
import { useBalance, useMoneyLog } from '../api/wallet';

const useTypes = [
  [1, '充值'],
  [2, '订单支付'],
  [3, '退款'],
  [4, '账期还款'],
  [6, '满额返现'],
  [7, '返现扣回'],
] as const;

const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));

/** /yegl — wallet balance and its log. */
export default function BalancePage() {
  const balance = useBalance();
  const [q, setQ] = useState<{ page: number; use_type?: number; start_time?: string; end_time?: string }>({
    page: 1,
  });
  const log = useMoneyLog(q);
  return (
    <Card title="余额管理" className="sh-container sh-page" data-testid="balance-page">
      <Statistic title="账户余额（元）" value={balance.data?.user_money ?? 0} precision={2} />
      <Space style={{ margin: '16px auto' }}>
        {/* A native select in antd's look: antd's Select would load rc-select for six choices. */}
        <select
          className="yc-input"
          aria-label="类型"
          style={{ width: 140 }}
          value={q.use_type ?? ''}
          onChange={(e) =>
            setQ({ ...q, page: 1, use_type: e.target.value ? Number(e.target.value) : undefined })
          }
        >
          <option value="">全部类型</option>
          {useTypes.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </select>
        <LazyRangePicker
          onChange={(v) =>
            setQ({
              ...q,
              page: 1,
              start_time: v?.[0]?.format('YYYY-MM-DD'),
              end_time: v?.[1]?.format('YYYY-MM-DD'),
            })
          }
        />
      </Space>
      <LightTable
        rowKey="id"
        size="small"
        dataSource={log.data?.list ?? []}
        pagination={{
          current: q.page,
          total: log.data?.total ?? 0,
          pageSize: 20,
          onChange: (page) => setQ({ ...q, page }),
        }}
        columns={[
          { title: '时间', render: (_, r) => beijingDateTimeText(r.created_at) },
          { title: '类型', dataIndex: 'use_type_label' },
          {
            title: '金额',
            render: (_, r) => (
              <span style={{ color: r.amount < 0 ? '#c62828' : '#237804' }}>
                {r.amount > 0 ? '+' : ''}
                {yuan(r.amount)}
              </span>
            ),
          },
          { title: '余额', render: (_, r) => yuan(r.balance) },
          { title: '说明', dataIndex: 'note' },
        ]}
      />
    </Card>
  );
}
