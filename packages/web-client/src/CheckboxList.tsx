import { Checkbox } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

type Value = string | number;
export type CheckboxListOption<T extends Value> = T | { value: T; label: ReactNode; disabled?: boolean };

interface Props<T extends Value> {
  options: readonly CheckboxListOption<T>[];
  /** The ticked values (a Form.Item passes its field's value). */
  value?: readonly T[];
  onChange?(value: T[]): void;
  disabled?: boolean;
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
  id?: string;
}

/**
 * A group of checkboxes that shows exactly the `value` it is given, in place of antd's
 * Checkbox.Group. That one keeps its own copy of a controlled value and catches up in an effect
 * after each change, so a second box ticked before that render counted from the old copy: the
 * first tick was dropped, or the second did not show (the console's scope boxes, under load).
 * Here each box reads the value as rendered and every change is computed from it, in options order.
 */
export function CheckboxList<T extends Value>({
  options,
  value = [],
  onChange,
  disabled,
  className,
  ...rest
}: Props<T>) {
  const items = options.map((o) => (typeof o === 'object' ? o : { value: o, label: o, disabled: false }));
  const toggle = (changed: T, checked: boolean) =>
    onChange?.(items.map((o) => o.value).filter((v) => (v === changed ? checked : value.includes(v))));
  return (
    // A div as antd's group renders (its styles), with the group role antd gives it too.
    // biome-ignore lint/a11y/useSemanticElements: a fieldset would change the group's layout and styles
    <div role="group" className={['ant-checkbox-group', className].filter(Boolean).join(' ')} {...rest}>
      {items.map((o) => (
        <Checkbox
          key={String(o.value)}
          value={o.value}
          checked={value.includes(o.value)}
          disabled={disabled || o.disabled}
          onChange={(e) => toggle(o.value, e.target.checked)}
        >
          {o.label}
        </Checkbox>
      ))}
    </div>
  );
}
