import { useEffect, useState } from 'react';

interface Props {
  value: number;
  min: number;
  /** Infinity for no upper bound. */
  max: number;
  step: number;
  /** The input's accessible name (购买数量, 使用积分...). */
  label: string;
  disabled?: boolean;
  /** A new quantity: each button press, or the typed number once the input loses focus. */
  onChange(value: number): void;
}

/**
 * − [n] + with 44 px targets. The buttons move by one step within min and max; a typed number is
 * handed over on blur or Enter, for the caller to round to its rules (起购, 中包装, stock).
 */
export function QuantityStepper({ value, min, max, step, label, disabled, onChange }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const commit = () => {
    const typed = Number(text);
    if (text.trim() === '' || !Number.isFinite(typed)) setText(String(value));
    else if (typed !== value) onChange(typed);
  };
  return (
    <span className="m-stepper">
      <button
        type="button"
        aria-label={`减少${label}`}
        disabled={disabled || value - step < min}
        onClick={() => onChange(value - step)}
      >
        −
      </button>
      <input
        aria-label={label}
        inputMode="numeric"
        value={text}
        disabled={disabled}
        onChange={(e) => setText(e.target.value.replace(/[^\d]/g, ''))}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') e.currentTarget.blur();
        }}
      />
      <button
        type="button"
        aria-label={`增加${label}`}
        disabled={disabled || value + step > max}
        onClick={() => onChange(value + step)}
      >
        +
      </button>
    </span>
  );
}
