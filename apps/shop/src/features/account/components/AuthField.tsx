import { type InputHTMLAttributes, type ReactNode, useState } from 'react';
import { PasswordEye } from '../../../components/PasswordEye';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'prefix'> {
  id: string;
  /** The icon inside the box, before the text. */
  prefix: ReactNode;
  /** Under the box, announced when it appears. */
  error?: string;
  /** A password, with the eye that shows and hides it. */
  secret?: boolean;
}

/**
 * One field of the login page in antd's large input look (icon inside the box, a red box and
 * message under it when wrong), as plain markup: antd's Form and Input (rc-field-form,
 * async-validator, rc-input with its TextArea) cost the first page every member route sends a
 * visitor to about 40 KB on the wire.
 */
export function AuthField({ id, prefix, error, secret, ...input }: Props) {
  const [shown, setShown] = useState(false);
  return (
    <div className="sh-auth-field">
      <span className={error ? 'sh-auth-field__box is-error' : 'sh-auth-field__box'}>
        <span className="sh-auth-field__prefix" aria-hidden="true">
          {prefix}
        </span>
        <input
          {...input}
          id={id}
          type={secret && !shown ? 'password' : 'text'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        {secret && (
          <PasswordEye shown={shown} onToggle={() => setShown(!shown)} className="sh-auth-field__eye" />
        )}
      </span>
      {error && (
        <div id={`${id}-error`} className="sh-auth-field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
