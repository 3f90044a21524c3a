import type { RegisterVerifyInput } from '@yaocai/domain';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { applyApiError } from '../../../lib/form-errors';
import { phoneExists } from '../api/phone-exists';
import { useRegisterVerify } from '../api/register';
import { NewPasswordFields, SmsCodeField } from './CredentialFields';
import { draftStore, type RegisterVariant } from './draft';
import { mobileRules } from './form-rules';
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
      <SmsCodeField purpose={variant === 'dd' ? 'register_dd' : 'register'} />
      <NewPasswordFields label="登录密码" confirmLabel="确认密码" />
      <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="register-next">
        下一步
      </Button>
    </StepForm>
  );
}
