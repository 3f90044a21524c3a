import { useState } from 'react';
import './light-controls.css';

interface Props {
  value: number | null;
  /** Each whole number typed (null while the box is empty). */
  onType: (value: number | null) => void;
  /** Blur or Enter: the caller holds the value to its rule. */
  onDone: () => void;
  size?: 'small' | 'middle';
  width: number;
  disabled?: boolean;
  testId: string;
}

/**
 * The number box between a stepper's buttons: a native text input taking digits only. antd's
 * InputNumber brought rc-input-number and antd's form context (about 20 KB) into the first load
 * of every page with a goods card, for a box without its own controls.
 */
export function QuantityInput({ value, onType, onDone, size = 'middle', width, disabled, testId }: Props) {
  // What the buyer is typing; once done (blur, Enter), the box shows `value` again, as held to its rule.
  const [typing, setTyping] = useState<string | null>(null);
  const done = () => {
    setTyping(null);
    onDone();
  };
  return (
    <input
      className={`yc-input yc-input-joined${size === 'small' ? ' yc-input-small' : ''}`}
      aria-label="购买数量"
      data-testid={testId}
      inputMode="numeric"
      autoComplete="off"
      style={{ width }}
      value={typing ?? (value === null ? '' : String(value))}
      disabled={disabled}
      onChange={(e) => {
        const digits = e.target.value.replace(/\D/g, '');
        setTyping(digits);
        onType(digits === '' ? null : Number(digits));
      }}
      onBlur={done}
      onKeyDown={(e) => {
        if (e.key === 'Enter') done();
      }}
    />
  );
}
