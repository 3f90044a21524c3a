import { Button, Space } from 'antd';

interface Props {
  busy: boolean;
  approveText: string;
  approveTestId: string;
  onApprove(): void;
  onRefuse(): void;
}

/** 通过 and 退回, as every review decision (a licence, the company) offers them. */
export function DecisionButtons({ busy, approveText, approveTestId, onApprove, onRefuse }: Props) {
  return (
    <Space>
      <Button type="primary" loading={busy} onClick={onApprove} data-testid={approveTestId}>
        {approveText}
      </Button>
      <Button danger loading={busy} onClick={onRefuse}>
        退回
      </Button>
    </Space>
  );
}
