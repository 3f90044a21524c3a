import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { clampQuantity, type QuantityRule, quantityBounds, stepQuantity } from '@yaocai/domain';
import { Button, Space } from 'antd';
import { QuantityInput } from '../QuantityInput';

interface Props {
  value: number;
  onChange: (value: number) => void;
  rule: QuantityRule;
  size?: 'small' | 'middle';
  disabled?: boolean;
}

/**
 * Quantity input honouring the minimum, the 中包装 step and the stock: typed values are
 * clamped to a valid multiple on blur, the buttons move one step.
 */
export function QuantityStepper({ value, onChange, rule, size = 'middle', disabled }: Props) {
  const { min, max, step } = quantityBounds(rule);
  const none = max < min;
  return (
    <Space.Compact size={size}>
      <Button
        aria-label="减少"
        icon={<MinusOutlined />}
        disabled={disabled || none || value <= min}
        onClick={() => onChange(stepQuantity(value, -1, rule))}
      />
      <QuantityInput
        testId="quantity-input"
        size={size}
        width={size === 'small' ? 56 : 72}
        value={value}
        disabled={disabled || none}
        onType={(next) => {
          if (next !== null) onChange(next);
        }}
        onDone={() => onChange(clampQuantity(value, rule))}
      />
      <Button
        aria-label="增加"
        icon={<PlusOutlined />}
        disabled={disabled || none || value + step > max}
        onClick={() => onChange(stepQuantity(value, 1, rule))}
      />
    </Space.Compact>
  );
}
