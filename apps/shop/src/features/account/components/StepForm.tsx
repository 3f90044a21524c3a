import { Form, type FormProps } from 'antd';
import type { ReactNode } from 'react';

/**
 * One step of registration: the large vertical form centred at `width`, with the server's
 * refusal (if any) above the fields.
 */
export function StepForm<T>({
  width,
  error,
  children,
  ...props
}: FormProps<T> & { width: number; error?: string; children: ReactNode }) {
  return (
    <Form<T> layout="vertical" size="large" style={{ maxWidth: width, margin: '0 auto' }} {...props}>
      {error && (
        <div style={{ color: '#c62828', marginBottom: 16 }} data-testid="register-error">
          {error}
        </div>
      )}
      {children}
    </Form>
  );
}
