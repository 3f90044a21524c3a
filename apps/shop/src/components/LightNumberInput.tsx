import { DownOutlined, UpOutlined } from '@ant-design/icons';
import { type KeyboardEvent, useState } from 'react';
import {
  type NumberLimits,
  numberText,
  settledNumber,
  steppedNumber,
  typedNumber,
} from '../lib/number-input';
import './light-field.css';

interface Props extends NumberLimits {
  value: number | null;
  onChange(value: number | null): void;
  placeholder?: string;
  /** The box's width (antd's default is 90 px). */
  width?: number;
  id?: string;
  'aria-label'?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  testId?: string;
}

/**
 * antd's InputNumber as a native text box in its look, with its up and down handlers on hover,
 * arrow keys (Shift: ten steps) and its reading of what is typed (lib/number-input). antd's
 * brought rc-input-number, its decimal library and antd's form context (about 20 KB on the wire).
 */
export function LightNumberInput({ value, onChange, placeholder, width, testId, ...rest }: Props) {
  const { min, max, precision, ...aria } = rest;
  const limits = { min, max, precision };
  // What the buyer is typing; once left (blur, Enter) the box shows the value, held to its limits.
  const [typing, setTyping] = useState<string | null>(null);
  const change = (next: number | null) => {
    if (next !== value) onChange(next);
  };
  const settle = () => {
    if (typing === null) return;
    setTyping(null);
    change(settledNumber(typing, value, limits));
  };
  const step = (by: number) => {
    setTyping(null);
    change(steppedNumber(value, by, limits));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') settle();
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      step((event.key === 'ArrowUp' ? 1 : -1) * (event.shiftKey ? 10 : 1));
    }
  };
  const upDisabled = max !== undefined && value !== null && value >= max;
  const downDisabled = min !== undefined && value !== null && value <= min;
  return (
    <span
      className={`yc-number${aria['aria-invalid'] ? ' is-invalid' : ''}`}
      style={width === undefined ? undefined : { width }}
    >
      <input
        {...aria}
        role="spinbutton"
        aria-valuemin={min}
        aria-valuemax={max}
        aria-valuenow={value ?? undefined}
        autoComplete="off"
        placeholder={placeholder}
        data-testid={testId}
        value={typing ?? numberText(value, precision)}
        onChange={(event) => {
          setTyping(event.target.value);
          const typed = typedNumber(event.target.value, limits);
          if (typed !== undefined) change(typed);
        }}
        onBlur={settle}
        onKeyDown={onKeyDown}
      />
      {/* Out of the tab order as antd's (arrow keys step); pressed, they leave the focus in the box. */}
      <span className="yc-number__handlers" onMouseDown={(event) => event.preventDefault()}>
        <button
          type="button"
          tabIndex={-1}
          aria-label="增加数值"
          disabled={upDisabled}
          onClick={() => step(1)}
        >
          <UpOutlined />
        </button>
        <button
          type="button"
          tabIndex={-1}
          aria-label="减少数值"
          disabled={downDisabled}
          onClick={() => step(-1)}
        >
          <DownOutlined />
        </button>
      </span>
    </span>
  );
}
