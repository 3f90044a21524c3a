import {
  type ActivityPageStatus,
  type AdminActivityPageView,
  activityPageTemplateNames,
  canMoveActivityPage,
} from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Space, Tag } from 'antd';
import { useState } from 'react';
import { useActivityPages, useMoveActivityPage } from '../api/activity-pages';
import { ActivityPageEditor } from '../components/ActivityPageEditor';
import { PreviewDrawer } from '../components/PreviewDrawer';
import { PromotionList } from '../components/PromotionList';

const phaseColors: Record<string, string> = {
  running: 'green',
  upcoming: 'blue',
  paused: 'orange',
  ended: 'default',
};
const moves: { to: ActivityPageStatus; label: (from: ActivityPageStatus) => string }[] = [
  { to: 'published', label: (from) => (from === 'paused' ? '恢复' : '发布') },
  { to: 'paused', label: () => '暂停' },
  { to: 'ended', label: () => '结束' },
];

/** 活动页 (运营, promotions:write): pages built from sections, scheduled, published, previewed. */
export default function ActivityPagesPage() {
  const { message, modal } = useFeedback();
  const { data, isFetching } = useActivityPages();
  const move = useMoveActivityPage();
  const [editing, setEditing] = useState<AdminActivityPageView | 'new' | null>(null);
  const [previewing, setPreviewing] = useState<AdminActivityPageView | null>(null);

  const moveTo = (page: AdminActivityPageView, to: ActivityPageStatus, label: string) =>
    modal.confirm({
      title: `${label}「${page.title}」？`,
      content: to === 'ended' ? '结束后不能再发布。' : undefined,
      onOk: async () => {
        await move.mutateAsync({ id: page.id, status: to });
        message.success(`已${label}`);
      },
    });

  return (
    <PromotionList<AdminActivityPageView>
      title="活动页"
      testId="admin-activity-pages"
      newLabel="新建活动页"
      newTestId="admin-activity-page-new"
      onNew={() => setEditing('new')}
      rows={data}
      loading={isFetching}
      columns={[
        {
          title: '页面',
          render: (_, p) => (
            <>
              <strong>{p.title}</strong> <Tag>{activityPageTemplateNames[p.template]}</Tag>
              <div style={{ color: '#666' }}>
                {p.starts_at} 至 {p.ends_at} · 链接 /activity/{p.id}
              </div>
            </>
          ),
        },
        { title: '状态', width: 90, render: (_, p) => <Tag>{p.status_name}</Tag> },
        {
          title: '阶段',
          width: 90,
          render: (_, p) => <Tag color={phaseColors[p.phase]}>{p.phase_name}</Tag>,
        },
        { title: '板块', width: 60, render: (_, p) => p.sections.length },
        {
          title: '操作',
          width: 260,
          render: (_, p) => (
            <Space size={0} wrap>
              <Button type="link" size="small" onClick={() => setEditing(p)}>
                编辑
              </Button>
              <Button type="link" size="small" onClick={() => setPreviewing(p)}>
                预览
              </Button>
              {moves
                .filter((m) => canMoveActivityPage(p.status, m.to))
                .map((m) => (
                  <Button
                    key={m.to}
                    type="link"
                    size="small"
                    danger={m.to === 'ended'}
                    onClick={() => moveTo(p, m.to, m.label(p.status))}
                  >
                    {m.label(p.status)}
                  </Button>
                ))}
            </Space>
          ),
        },
      ]}
    >
      {editing && <ActivityPageEditor page={editing} onClose={() => setEditing(null)} />}
      {previewing && <PreviewDrawer page={previewing} onClose={() => setPreviewing(null)} />}
    </PromotionList>
  );
}
