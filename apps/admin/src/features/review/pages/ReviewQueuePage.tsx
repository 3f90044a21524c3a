import type { ReviewQueueQuery } from '@yaocai/domain';
import { Badge, Card, Input, Tabs } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListTable } from '../../../components/list-page';
import { formatTime, reviewStatusLabels } from '../../../lib/review-labels';
import { useReviewQueue } from '../api/review';

type Status = NonNullable<ReviewQueueQuery['status']>;

/** The qualification review queue (质管): companies by review state, oldest submission first. */
export default function ReviewQueuePage() {
  const [q, setQ] = useState<Omit<ReviewQueueQuery, 'page' | 'page_size'> & { status: Status; page: number }>(
    {
      status: 'pending',
      page: 1,
    },
  );
  const { data, isLoading } = useReviewQueue(q);
  return (
    <Card title="会员资质审核" data-testid="admin-review-queue">
      <Tabs
        activeKey={q.status}
        onChange={(status) => setQ({ status: status as Status, page: 1, keyword: q.keyword })}
        items={(Object.keys(reviewStatusLabels) as Status[]).map((key) => ({
          key,
          label: reviewStatusLabels[key],
        }))}
        tabBarExtraContent={
          <Input.Search
            allowClear
            placeholder="企业名称 / 联系电话"
            style={{ width: 240 }}
            onSearch={(keyword) => setQ({ ...q, keyword: keyword || undefined, page: 1 })}
          />
        }
      />
      <ListTable
        source={{ query: q, onQuery: setQ, data, loading: isLoading }}
        columns={[
          {
            title: '企业名称',
            render: (_, c) => (
              <Link to={`/qualifications/${c.id}`} data-testid="admin-review-open">
                {c.name}
              </Link>
            ),
          },
          { title: '类型', dataIndex: 'type_name' },
          { title: '联系人', render: (_, c) => `${c.contact_name} ${c.contact_phone}` },
          { title: '地区', dataIndex: 'region' },
          {
            title: '证件',
            render: (_, c) => (
              <Badge count={c.documents_pending} size="small" offset={[8, 0]} title="待审证件">
                {c.documents} 份
              </Badge>
            ),
          },
          { title: '注册时间', render: (_, c) => formatTime(c.created_at) },
          {
            title: '操作',
            render: (_, c) => (
              <Link to={`/qualifications/${c.id}`}>
                {c.qualification_status === 'pending' ? '审核' : '查看'}
              </Link>
            ),
          },
        ]}
      />
    </Card>
  );
}
