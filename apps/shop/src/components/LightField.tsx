import type { CSSProperties, ReactNode } from 'react';
import './light-field.css';

/** What a field gives its control: the label's target, and its messages as the description. */
export interface FieldControlProps {
  id?: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

/** The grid of a horizontal form, as antd's labelCol and wrapperCol (spans of 24, or a width). */
export interface FieldGrid {
  labelSpan?: number;
  labelWidth?: number;
  wrapperSpan?: number;
}

interface Props extends FieldGrid {
  label?: ReactNode;
  /** The control's id; with it the label points at the control and the messages describe it. */
  id?: string;
  /** The red mark before the label. */
  required?: boolean;
  /** Every message of the field's failed rules, one line each, as antd lists them. */
  errors?: readonly string[];
  /** The grey hint under the control. */
  extra?: ReactNode;
  layout?: 'horizontal' | 'vertical';
  /** A field without a label in a horizontal form starts under the controls (antd's offset). */
  offsetSpan?: number;
  style?: CSSProperties;
  testId?: string;
  children: ReactNode | ((control: FieldControlProps) => ReactNode);
}

const span = (n: number): CSSProperties => ({
  flex: `0 0 ${(n / 24) * 100}%`,
  maxWidth: `${(n / 24) * 100}%`,
});

/**
 * One form field in antd Form.Item's look: the label (with its required mark and colon, beside
 * the control or above it), the control, the error messages under it (announced) and the hint.
 * It holds no value and runs no rule (lib/use-light-form does): antd's Form brought rc-field-form,
 * async-validator and the grid, about 30 KB on the wire, into each page with a form.
 */
export function LightField({
  label,
  id,
  required,
  errors = [],
  extra,
  layout = 'horizontal',
  labelSpan,
  labelWidth,
  wrapperSpan,
  offsetSpan,
  style,
  testId,
  children,
}: Props) {
  const wrong = errors.length > 0;
  const helpId = id && `${id}_help`;
  const extraId = id && `${id}_extra`;
  const describedBy = [wrong && helpId, extra && extraId].filter(Boolean).join(' ');
  const control: FieldControlProps = {
    id,
    'aria-invalid': wrong ? true : undefined,
    'aria-describedby': describedBy || undefined,
  };
  const horizontal = layout === 'horizontal';
  const labelStyle = horizontal
    ? labelWidth !== undefined
      ? { flex: `0 0 ${labelWidth}px` }
      : labelSpan !== undefined
        ? span(labelSpan)
        : undefined
    : undefined;
  const controlStyle: CSSProperties = {
    ...(horizontal && wrapperSpan !== undefined ? span(wrapperSpan) : {}),
    ...(offsetSpan !== undefined ? { marginInlineStart: `${(offsetSpan / 24) * 100}%` } : {}),
  };
  return (
    <div
      className={`yc-field yc-field--${layout}${wrong ? ' has-help' : ''}`}
      style={style}
      data-testid={testId}
    >
      {label !== undefined && (
        <div className="yc-field__label" style={labelStyle}>
          <label
            htmlFor={id}
            className={required ? 'is-required' : undefined}
            title={typeof label === 'string' ? label : undefined}
          >
            {label}
          </label>
        </div>
      )}
      <div className="yc-field__control" style={controlStyle}>
        <div className="yc-field__input">
          <div className="yc-field__content">
            {typeof children === 'function' ? children(control) : children}
          </div>
        </div>
        {wrong && (
          <div id={helpId} className="yc-field__help" role="alert">
            {errors.map((message, n) => (
              <div key={n}>{message}</div>
            ))}
          </div>
        )}
        {extra && (
          <div id={extraId} className="yc-field__extra">
            {extra}
          </div>
        )}
      </div>
    </div>
  );
}
