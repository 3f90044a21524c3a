import type { SpecialKind } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Popconfirm, Space, Tag } from 'antd';
import { useSpecialStatus } from '../api/specials';

const phaseColors: Record<string, string> = {
  running: 'green',
  scheduled: 'blue',
  paused: 'orange',
  ended: 'default',
};

export const PhaseTag = ({ phase, name }: { phase: string; name: string }) => (
  <Tag color={phaseColors[phase]}>{name}</Tag>
);

/** 暂停 / 恢复 / 结束 of one activity (ending asks first: it cannot be undone). */
export function StatusActions({ kind, id, status }: { kind: SpecialKind; id: number; status: string }) {
  const { message } = useFeedback();
  const move = useSpecialStatus(kind);
  const run = async (action: 'pause' | 'resume' | 'end') => {
    await move.mutateAsync({ id, action });
    message.success({ pause: '已暂停', resume: '已恢复', end: '已结束' }[action]);
  };
  if (status === 'ended') return null;
  return (
    <Space size={4}>
      {status === 'paused' ? (
        <Button type="link" size="small" onClick={() => run('resume')}>
          恢复
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => run('pause')}>
          暂停
        </Button>
      )}
      <Popconfirm
        title="结束后不能恢复，确定结束活动？"
        okText="结束"
        cancelText="取消"
        onConfirm={() => run('end')}
      >
        <Button type="link" size="small" danger>
          结束
        </Button>
      </Popconfirm>
    </Space>
  );
}
