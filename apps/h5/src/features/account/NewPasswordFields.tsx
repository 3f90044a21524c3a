import Input from 'antd-mobile/es/components/input';
import { Field } from '../../components/Field';

/**
 * A new password typed twice (registration, 找回密码), with the server's field messages under
 * each; `labels` names them as the screen does.
 */
export function NewPasswordFields(props: {
  labels: [password: string, confirm: string];
  confirmPlaceholder: string;
  password: string;
  confirm: string;
  onPassword: (value: string) => void;
  onConfirm: (value: string) => void;
  errors: { password?: string; confirm_password?: string };
}) {
  const [passwordLabel, confirmLabel] = props.labels;
  return (
    <>
      <Field label={passwordLabel} name="password" error={props.errors.password}>
        <Input
          type="password"
          placeholder="8-20位，须包含字母和数字"
          autoComplete="new-password"
          maxLength={20}
          value={props.password}
          onChange={props.onPassword}
          aria-label={passwordLabel}
        />
      </Field>
      <Field label={confirmLabel} name="confirm_password" error={props.errors.confirm_password}>
        <Input
          type="password"
          placeholder={props.confirmPlaceholder}
          autoComplete="new-password"
          maxLength={20}
          value={props.confirm}
          onChange={props.onConfirm}
          aria-label={confirmLabel}
        />
      </Field>
    </>
  );
}
