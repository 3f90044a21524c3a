import type { OrderLineKind } from '@yaocai/domain';
import { Tag } from 'antd';

/** 赠品 / 换购 on a line another line earned (nothing on goods): order detail and verify page. */
export function LineKindTag({
  kind,
  label,
  testId,
}: {
  kind: OrderLineKind;
  label: string;
  testId?: string;
}) {
  if (kind === 'goods') return null;
  return (
    <Tag color={kind === 'gift' ? 'red' : 'orange'} data-testid={testId}>
      {label}
    </Tag>
  );
}
