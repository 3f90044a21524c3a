import { type InputHTMLAttributes, type TextareaHTMLAttributes, useState } from 'react';
import { PasswordEye } from './PasswordEye';
import './light-field.css';

// Native controls in the look of antd's TextArea, Radio.Group and Input.Password, for the forms
// built with LightField: antd's own bring rc-input, rc-textarea, its autosize and antd's form
// context (rc-field-form) with them.

interface TextAreaProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'value'> {
  value: string;
  /** The "n / max" count under the box's right edge, as antd's showCount. */
  showCount?: boolean;
}

/** antd's TextArea: a native textarea, its count (characters as JavaScript counts them) below. */
export function LightTextArea({ value, showCount, className, ...textarea }: TextAreaProps) {
  const box = (
    <textarea
      {...textarea}
      value={value}
      className={`yc-control yc-textarea${className ? ` ${className}` : ''}`}
    />
  );
  if (!showCount) return box;
  return (
    <span className="yc-textarea-counted">
      {box}
      <span className="yc-textarea-count">
        {value.length}
        {textarea.maxLength !== undefined && ` / ${textarea.maxLength}`}
      </span>
    </span>
  );
}

interface RadioGroupProps<T extends string | number> {
  /** The group's accessible name (a field's label, or the question it answers). */
  label: string;
  /** Shared by the group's radios, so that arrow keys move between them. */
  name: string;
  options: readonly { value: T; label: string }[];
  value: T;
  onChange(value: T): void;
  id?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  testId?: string;
}

/** antd's Radio.Group of options: native radios (arrow keys move the choice) in antd's look. */
export function LightRadioGroup<T extends string | number>({
  label,
  name,
  options,
  value,
  onChange,
  testId,
  ...aria
}: RadioGroupProps<T>) {
  return (
    <div {...aria} role="radiogroup" aria-label={label} className="yc-radio-group" data-testid={testId}>
      {options.map((o) => (
        <label key={o.value} className="yc-radio">
          <input
            type="radio"
            name={name}
            value={o.value}
            checked={o.value === value}
            onChange={() => onChange(o.value)}
          />
          <span>{o.label}</span>
        </label>
      ))}
    </div>
  );
}

type PasswordProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>;

/** antd's Input.Password: the box with the eye that shows and hides what was typed. */
export function LightPassword({ className, ...input }: PasswordProps) {
  const [shown, setShown] = useState(false);
  const invalid = input['aria-invalid'] === true || input['aria-invalid'] === 'true';
  return (
    <span className={`yc-affix${invalid ? ' is-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <input {...input} type={shown ? 'text' : 'password'} />
      <PasswordEye shown={shown} onToggle={() => setShown(!shown)} className="yc-affix__eye" />
    </span>
  );
}
