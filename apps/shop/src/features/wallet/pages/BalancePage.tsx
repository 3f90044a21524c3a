import { beijingDateTimeText, formatYuan, fromYuan } from '@yaocai/domain';
import { Select, Space, Statistic } from 'antd';
import { useState } from 'react';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { DatePicker } from '../../../lib/date-picker';
import { useBalance, useMoneyLog } from '../api/wallet';

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
        <Select
          allowClear
          placeholder="全部类型"
          style={{ width: 140 }}
          onChange={(v) => setQ({ ...q, page: 1, use_type: v })}
          options={[
            { value: 1, label: '充值' },
            { value: 2, label: '订单支付' },
            { value: 3, label: '退款' },
            { value: 4, label: '账期还款' },
            { value: 6, label: '满额返现' },
            { value: 7, label: '返现扣回' },
          ]}
        />
        <DatePicker.RangePicker
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
              <span style={{ color: r.amount < 0 ? '#c62828' : '#52c41a' }}>
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
