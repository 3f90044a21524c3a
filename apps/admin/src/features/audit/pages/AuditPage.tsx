import { type AuditEntry, type AuditQuery, auditActions, beijingDateTimeText } from '@yaocai/domain';
import { Card, DatePicker, Input, Select, Space, Table } from 'antd';
import { useState } from 'react';
import { useAudit } from '../api/list-audit';

const show = (value: unknown) =>
  value === null || value === undefined ? '-' : <code className="ad-json">{JSON.stringify(value)}</code>;

/** The audit log: every operator write, who and when, before and after; filter, never edit. */
export default function AuditPage() {
  const [q, setQ] = useState<AuditQuery & { page: number }>({ page: 1 });
  const { data, isLoading } = useAudit(q);
  return (
    <Card title="审计日志" data-testid="admin-audit">
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="全部操作"
          aria-label="操作"
          style={{ width: 180 }}
          options={Object.entries(auditActions).map(([value, label]) => ({ value, label }))}
          onChange={(action) => setQ({ ...q, action, page: 1 })}
          data-testid="admin-audit-action"
        />
        <Input.Search
          allowClear
          placeholder="操作员ID"
          style={{ width: 140 }}
          onSearch={(v) => setQ({ ...q, operator_id: v ? Number(v) || undefined : undefined, page: 1 })}
        />
        <Input.Search
          allowClear
          placeholder="对象ID（订单、企业…）"
          style={{ width: 200 }}
          onSearch={(v) => setQ({ ...q, target_id: v || undefined, page: 1 })}
        />
        <DatePicker.RangePicker
          onChange={(range) =>
            setQ({
              ...q,
              from: range?.[0]?.format('YYYY-MM-DD'),
              to: range?.[1]?.format('YYYY-MM-DD'),
              page: 1,
            })
          }
        />
      </Space>
      <Table<AuditEntry>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data?.list ?? []}
        pagination={{
          current: q.page,
          total: data?.total ?? 0,
          pageSize: 20,
          showTotal: (total) => `共 ${total} 条`,
          onChange: (page) => setQ({ ...q, page }),
        }}
        columns={[
          {
            title: '时间',
            width: 170,
            render: (_, r) => beijingDateTimeText(r.created_at),
          },
          { title: '操作员', width: 120, render: (_, r) => `${r.operator_name}（${r.operator_id}）` },
          { title: '操作', width: 130, dataIndex: 'action_label' },
          { title: '对象', width: 130, render: (_, r) => `${r.target_type} #${r.target_id}` },
          { title: '变更前', render: (_, r) => show(r.before) },
          { title: '变更后', render: (_, r) => show(r.after) },
        ]}
      />
    </Card>
  );
}
