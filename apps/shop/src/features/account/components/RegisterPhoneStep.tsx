import type { RegisterVerifyInput } from '@yaocai/domain';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { phoneExists } from '../api/phone-exists';
import { useRegisterVerify } from '../api/register';
import { draftStore, type RegisterVariant } from './draft';
import { applyApiError, codeRules, confirmRules, mobileRules, passwordRules } from './form-rules';
import { SmsCodeButton } from './SmsCodeButton';
import { StepForm } from './StepForm';

/** Step 1 of both registrations: phone (checked on blur), SMS code, password twice. */
export function RegisterPhoneStep({ variant, onDone }: { variant: RegisterVariant; onDone(): void }) {
  const [form] = Form.useForm<RegisterVerifyInput>();
  const verify = useRegisterVerify(variant);
  const [error, setError] = useState<string>();

  const checkTaken = async () => {
    const phone = form.getFieldValue('phone');
    const valid = await form.validateFields(['phone']).then(
      () => true,
      () => false,
    );
    if (!valid) return;
    if (await phoneExists(phone).catch(() => false)) {
      form.setFields([{ name: 'phone', errors: ['该手机号已注册，请直接登录'] }]);
    }
  };

  const onFinish = async (values: RegisterVerifyInput) => {
    setError(undefined);
    try {
      const { token } = await verify.mutateAsync(values);
      draftStore.set(variant, token);
      onDone();
    } catch (e) {
      setError(applyApiError(form, e));
    }
  };

  return (
    <StepForm form={form} onFinish={onFinish} width={420} error={error}>
      <Form.Item label={variant === 'dd' ? '门店登录手机号' : '手机号码'} name="phone" rules={mobileRules}>
        <Input placeholder="请输入11位手机号码" maxLength={11} onBlur={checkTaken} />
      </Form.Item>
      <Form.Item label="短信验证码" required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="code" rules={codeRules} noStyle>
            <Input placeholder="6位数字验证码" maxLength={6} />
          </Form.Item>
          <SmsCodeButton
            purpose={variant === 'dd' ? 'register_dd' : 'register'}
            getPhone={() =>
              form.validateFields(['phone']).then(
                (v) => v.phone,
                () => undefined,
              )
            }
          />
        </div>
      </Form.Item>
      <Form.Item label="登录密码" name="password" rules={passwordRules} extra="8-20位，须包含字母和数字">
        <Input.Password maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="确认密码" name="confirm_password" dependencies={['password']} rules={confirmRules()}>
        <Input.Password maxLength={20} autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="register-next">
        下一步
      </Button>
    </StepForm>
  );
}
