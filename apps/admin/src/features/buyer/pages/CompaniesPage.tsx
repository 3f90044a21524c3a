import type { CompanyQuery } from '@yaocai/domain';
import { Card, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ListTable } from '../../../components/list-page';
import { reviewStatusColors, reviewStatusLabels } from '../../../lib/review-labels';
import { useCompanies } from '../api/companies';

/** Buyers (会员企业): find a company by name, a phone or a licence number. */
export default function CompaniesPage() {
  // The dashboard's 即将到期 to-do links here with ?expiring=1.
  const [params] = useSearchParams();
  const [query, setQuery] = useState<CompanyQuery>({
    page: 1,
    page_size: 20,
    expiring: params.get('expiring') === '1' ? '1' : undefined,
  });
  const { data, isFetching } = useCompanies(query);
  return (
    <Card title="会员企业" data-testid="admin-companies">
      <Form
        layout="inline"
        style={{ marginBottom: 16 }}
        onFinish={(v: Omit<CompanyQuery, 'page' | 'page_size'>) =>
          setQuery({ ...v, q: v.q || undefined, page: 1, page_size: 20 })
        }
      >
        <Form.Item name="q">
          <Input.Search
            placeholder="企业名称 / 手机号 / 证照编号"
            allowClear
            style={{ width: 280 }}
            aria-label="搜索企业"
            onSearch={(q) => setQuery({ ...query, q: q || undefined, page: 1 })}
          />
        </Form.Item>
        <Form.Item name="status">
          <Select
            placeholder="资质状态"
            aria-label="资质状态"
            allowClear
            style={{ width: 120 }}
            onChange={(status) => setQuery({ ...query, status, page: 1 })}
            options={Object.entries(reviewStatusLabels).map(([value, label]) => ({ value, label }))}
          />
        </Form.Item>
        <Form.Item name="expiring" initialValue={query.expiring}>
          <Select
            placeholder="资质到期"
            allowClear
            style={{ width: 140 }}
            aria-label="资质到期"
            onChange={(expiring) => setQuery({ ...query, expiring, page: 1 })}
            options={[{ value: '1', label: '30天内到期' }]}
          />
        </Form.Item>
        <Form.Item name="disabled">
          <Select
            placeholder="账号状态"
            aria-label="账号状态"
            allowClear
            style={{ width: 120 }}
            onChange={(disabled) => setQuery({ ...query, disabled, page: 1 })}
            options={[
              { value: '0', label: '正常' },
              { value: '1', label: '已停用' },
            ]}
          />
        </Form.Item>
      </Form>
      <ListTable
        source={{ query, onQuery: setQuery, data, loading: isFetching }}
        columns={[
          { title: '企业', render: (_, c) => <Link to={`/buyers/${c.id}`}>{c.name}</Link> },
          { title: '类型', dataIndex: 'type_name', width: 80 },
          { title: '联系人', render: (_, c) => `${c.contact_name} ${c.contact_phone}` },
          { title: '门店数', dataIndex: 'stores', width: 80, align: 'right' },
          {
            title: '资质',
            width: 100,
            render: (_, c) => {
              const status = c.qualification_status as keyof typeof reviewStatusLabels;
              return <Tag color={reviewStatusColors[status]}>{reviewStatusLabels[status] ?? status}</Tag>;
            },
          },
          {
            title: '账号',
            width: 90,
            render: (_, c) => (c.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
          },
          { title: '注册时间', width: 120, render: (_, c) => c.created_at.slice(0, 10) },
        ]}
      />
    </Card>
  );
}
