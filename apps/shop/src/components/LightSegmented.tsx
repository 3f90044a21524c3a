import { useId } from 'react';
import './light-segmented.css';

interface Option<Value extends string> {
  value: Value;
  label: string;
}

interface Props<Value extends string> {
  options: readonly Option<Value>[];
  value: Value;
  onChange: (value: Value) => void;
  /** The group's accessible name. */
  label: string;
}

/**
 * A choice of a few options as antd's Segmented draws it, over native radio buttons (arrow keys
 * move the choice, as in antd's). antd's Segmented brings rc-segmented and its sliding thumb's
 * motion along for a switch of two or three sort orders.
 */
export function LightSegmented<Value extends string>({ options, value, onChange, label }: Props<Value>) {
  const name = useId();
  return (
    <div className="yc-segmented" role="radiogroup" aria-label={label}>
      {options.map((option) => (
        <label
          key={option.value}
          className={option.value === value ? 'yc-segmented__item is-selected' : 'yc-segmented__item'}
        >
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span title={option.label}>{option.label}</span>
        </label>
      ))}
    </div>
  );
}
