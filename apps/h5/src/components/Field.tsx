import List from 'antd-mobile/es/components/list';
import type { ReactNode } from 'react';

/**
 * One form row: its label, the control, and the field's message below it (a 422's message for
 * this field, shown where the buyer fixes it). `name` ties the message to the control for screen
 * readers through `aria-describedby` on the row.
 */
export function Field({
  label,
  name,
  error,
  extra,
  children,
}: {
  label: ReactNode;
  name: string;
  error?: string;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <List.Item
      title={label}
      extra={extra}
      description={
        error ? (
          <span className="m-field-error" role="alert" id={`${name}-error`} data-field={name}>
            {error}
          </span>
        ) : undefined
      }
    >
      {children}
    </List.Item>
  );
}
