import { type ReactNode, useEffect, useRef } from 'react';
import './light-controls.css';

interface Props {
  checked: boolean;
  /** Some but not all chosen (a select-all box). */
  indeterminate?: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  /** The visible label; without one, `ariaLabel` names the box. */
  children?: ReactNode;
  ariaLabel?: string;
  testId?: string;
}

/**
 * A native checkbox in the brand colour. antd's Checkbox brought antd's form context (rc-field-form,
 * 14 KB) into the cart's first load.
 */
export function LightCheckbox({
  checked,
  indeterminate,
  disabled,
  onChange,
  children,
  ariaLabel,
  testId,
}: Props) {
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current) box.current.indeterminate = Boolean(indeterminate);
  }, [indeterminate]);
  return (
    <label className={`yc-check${disabled ? ' yc-check-disabled' : ''}`}>
      <input
        ref={box}
        type="checkbox"
        aria-label={ariaLabel}
        data-testid={testId}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
      />
      {children}
    </label>
  );
}
