import { Button, Space } from 'antd';

interface Props {
  /** The approving button's text (通过, 同意...). */
  approveLabel: string;
  /** The refusing button's text (退回, 拒绝...). */
  refuseLabel: string;
  onDecide(approve: boolean): void;
}

/** The approve / refuse pair of a review table's action column. */
export function ReviewButtons({ approveLabel, refuseLabel, onDecide }: Props) {
  return (
    <Space>
      <Button size="small" type="primary" onClick={() => onDecide(true)}>
        {approveLabel}
      </Button>
      <Button size="small" danger onClick={() => onDecide(false)}>
        {refuseLabel}
      </Button>
    </Space>
  );
}
