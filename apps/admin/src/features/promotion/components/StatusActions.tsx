import type { SpecialKind } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Popconfirm, type PopconfirmProps, Space, Tag } from 'antd';
import { unreportedMessage } from '../../../lib/form-errors';
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

export type StatusAction = 'pause' | 'resume' | 'end';

/**
 * 暂停 or 恢复, then 结束 of an activity that has not ended; ending asks first (`endConfirm`:
 * its title and buttons), as it cannot be undone.
 */
export function PauseResumeEnd({
  paused,
  onAction,
  endConfirm,
}: {
  paused: boolean;
  onAction: (action: StatusAction) => void;
  endConfirm: Pick<PopconfirmProps, 'title' | 'okText' | 'cancelText'>;
}) {
  return (
    <>
      {paused ? (
        <Button type="link" size="small" onClick={() => onAction('resume')}>
          恢复
        </Button>
      ) : (
        <Button type="link" size="small" onClick={() => onAction('pause')}>
          暂停
        </Button>
      )}
      <Popconfirm {...endConfirm} onConfirm={() => onAction('end')}>
        <Button type="link" size="small" danger>
          结束
        </Button>
      </Popconfirm>
    </>
  );
}

/** 暂停 / 恢复 / 结束 of one day-ranged special. */
export function StatusActions({ kind, id, status }: { kind: SpecialKind; id: number; status: string }) {
  const { message } = useFeedback();
  const move = useSpecialStatus(kind);
  const run = async (action: StatusAction) => {
    try {
      await move.mutateAsync({ id, action });
      message.success({ pause: '已暂停', resume: '已恢复', end: '已结束' }[action]);
    } catch (error) {
      const text = unreportedMessage(error, '操作失败');
      if (text) message.error(text);
    }
  };
  if (status === 'ended') return null;
  return (
    <Space size={4}>
      <PauseResumeEnd
        paused={status === 'paused'}
        onAction={run}
        endConfirm={{ title: '结束后不能恢复，确定结束活动？', okText: '结束', cancelText: '取消' }}
      />
    </Space>
  );
}
