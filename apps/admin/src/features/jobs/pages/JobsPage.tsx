import { beijingDateTimeSecondsText, type JobKindView, type JobRunView, jobRunStates } from '@yaocai/domain';
import { Alert, Button, Card, Tag } from 'antd';
import { ListTable, StatusTag, useRowAction } from '../../../components/list-page';
import { useCan } from '../../../lib/me';
import { useJobs, useRetryJob } from '../api/jobs';

const time = (seconds: number | null) => (seconds === null ? '-' : beijingDateTimeSecondsText(seconds));
const stateColor = { running: 'processing', completed: 'green', failed: 'red', retry: 'orange' } as const;
const stateTag = (run: JobRunView) => (
  <StatusTag status={run.state} colors={stateColor}>
    {jobRunStates[run.state]}
  </StatusTag>
);

function every(seconds: number) {
  if (seconds === 0) return <Tag>已停用</Tag>;
  if (seconds % 3600 === 0) return `每 ${seconds / 3600} 小时`;
  if (seconds % 60 === 0) return `每 ${seconds / 60} 分钟`;
  return `每 ${seconds} 秒`;
}

const runColumns = [
  { title: '任务', dataIndex: 'title' },
  { title: '状态', render: (_: unknown, r: JobRunView) => stateTag(r) },
  { title: '开始', render: (_: unknown, r: JobRunView) => time(r.started_at) },
  { title: '第几次', dataIndex: 'attempts', width: 80 },
];

/**
 * 系统 → 后台任务 (jobs:read): each job kind with its schedule, last and next run; the runs in
 * progress; the failed runs with their error, each with 重试 (jobs:write).
 */
export default function JobsPage() {
  const { data, isLoading } = useJobs();
  const retry = useRetryJob();
  const run = useRowAction();
  const canRetry = useCan('jobs:write');
  return (
    <Card title="后台任务" data-testid="admin-jobs">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        message={
          data?.runner === 'queue'
            ? '任务在 PostgreSQL 任务队列中排队，由后台任务进程（worker）执行，每个任务只执行一次；失败会自动重试。'
            : '内置数据库：任务由本服务进程定时执行。'
        }
      />
      <ListTable<JobKindView>
        rowKey="name"
        source={{ rows: data?.kinds, loading: isLoading }}
        columns={[
          { title: '任务', dataIndex: 'title' },
          { title: '周期', render: (_, k) => every(k.every_seconds) },
          {
            title: '上次运行',
            render: (_, k) =>
              k.last_run ? (
                <>
                  {stateTag(k.last_run)} {time(k.last_run.finished_at ?? k.last_run.started_at)}
                </>
              ) : (
                '尚未运行'
              ),
          },
          { title: '下次运行', render: (_, k) => time(k.next_run_at) },
        ]}
      />
      <Card type="inner" size="small" title="运行中" style={{ marginTop: 16 }}>
        <ListTable<JobRunView>
          source={{ rows: data?.running, loading: false }}
          empty="没有正在运行的任务"
          columns={runColumns}
        />
      </Card>
      <Card type="inner" size="small" title="失败的任务" style={{ marginTop: 16 }}>
        <ListTable<JobRunView>
          source={{ rows: data?.failed, loading: false }}
          empty="没有失败的任务"
          columns={[
            ...runColumns,
            { title: '结束', render: (_, r) => time(r.finished_at) },
            { title: '错误', render: (_, r) => <span style={{ color: '#cf1322' }}>{r.error ?? '-'}</span> },
            {
              title: '操作',
              render: (_, r) =>
                canRetry && (
                  <Button
                    type="link"
                    size="small"
                    loading={retry.isPending && retry.variables?.id === r.id}
                    onClick={() =>
                      run(() => retry.mutateAsync({ kind: r.kind, id: r.id }), '重试失败', '已重新运行')
                    }
                  >
                    重试
                  </Button>
                ),
            },
          ]}
        />
      </Card>
    </Card>
  );
}
