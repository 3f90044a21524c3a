import type { CreateCodeInput } from '@yaocai/domain';
import { Form, Input } from 'antd';
import { codeRules, confirmRules, passwordRules } from './form-rules';
import { SmsCodeButton } from './SmsCodeButton';

/** 短信验证码 beside 获取验证码, which sends the code to the form's phone field once it is valid. */
export function SmsCodeField({ purpose }: { purpose: CreateCodeInput['type'] }) {
  const form = Form.useFormInstance();
  return (
    <Form.Item label="短信验证码" required>
      <div style={{ display: 'flex', gap: 8 }}>
        <Form.Item name="code" rules={codeRules} noStyle>
          <Input placeholder="6位数字验证码" maxLength={6} />
        </Form.Item>
        <SmsCodeButton
          purpose={purpose}
          getPhone={() =>
            form.validateFields(['phone']).then(
              (v) => v.phone as string,
              () => undefined,
            )
          }
        />
      </div>
    </Form.Item>
  );
}

/** A new password and its confirmation (registration, forgot password). */
export function NewPasswordFields({ label, confirmLabel }: { label: string; confirmLabel: string }) {
  return (
    <>
      <Form.Item label={label} name="password" rules={passwordRules} extra="8-20位，须包含字母和数字">
        <Input.Password maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        label={confirmLabel}
        name="confirm_password"
        dependencies={['password']}
        rules={confirmRules()}
      >
        <Input.Password maxLength={20} autoComplete="new-password" />
      </Form.Item>
    </>
  );
}
