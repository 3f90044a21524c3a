import { MinusOutlined, PlusOutlined } from '@ant-design/icons';
import { clampQuantity, type QuantityRule, stepQuantity } from '@yaocai/domain';
import { Button, Space } from 'antd';
import { useEffect, useState } from 'react';
import { QuantityInput } from '../../../components/QuantityInput';

interface Props {
  value: number;
  rule: QuantityRule;
  disabled?: boolean;
  onCommit: (value: number) => void;
}

/**
 * The cart line's quantity: the buttons move one step (中包装) within minimum and stock; a typed
 * value is held to the same rule on blur or Enter, then committed once.
 */
export function CartStepper({ value, rule, disabled, onCommit }: Props) {
  const [draft, setDraft] = useState<number | null>(value);
  // A refused commit leaves `value` as it was, so the typed draft is put back to it once the
  // call settled (the stepper is disabled while the cart is busy).
  useEffect(() => {
    if (!disabled) setDraft(value);
  }, [value, disabled]);
  const commit = (next: number) => {
    const clamped = clampQuantity(next, rule);
    setDraft(clamped || value);
    if (clamped > 0 && clamped !== value) onCommit(clamped);
  };
  const down = stepQuantity(value, -1, rule);
  const up = stepQuantity(value, 1, rule);
  return (
    <Space.Compact size="small" className="yc-cart-stepper">
      <Button
        aria-label="减少"
        icon={<MinusOutlined />}
        disabled={disabled || down >= value}
        onClick={() => commit(down)}
      />
      <QuantityInput
        testId="cart-quantity"
        size="small"
        width={64}
        value={draft}
        disabled={disabled}
        onType={setDraft}
        onDone={() => commit(draft ?? value)}
      />
      <Button
        aria-label="增加"
        data-testid="cart-plus"
        icon={<PlusOutlined />}
        disabled={disabled || up <= value}
        onClick={() => commit(up)}
      />
    </Space.Compact>
  );
}
