import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Outcome } from '../../../components/Outcome';
import { StepBar } from '../../../components/StepBar';
import { flowState, useFlowStep } from '../../../lib/flow-state';
import { applyApiError } from '../../../lib/form-errors';
import { useForgetVerify, useResetPassword } from '../api/forget';
import { AuthCard } from '../components/AuthCard';
import { NewPasswordFields, SmsCodeField } from '../components/CredentialFields';
import { mobileRules } from '../components/form-rules';

const forgetSteps = ['验证手机', '设置新密码', '完成'];

/**
 * /forget/step1 (phone + SMS code), /forget/step2 (new password), /forget/step3 (done): the step
 * comes from the route table; the route guard opens step 2 only with the verified phone's token
 * and step 3 only after the reset.
 */
export default function ForgetPage() {
  const navigate = useNavigate();
  const step = (useFlowStep()?.step ?? 1) - 1;
  const [form] = Form.useForm();
  const [error, setError] = useState<string>();
  const verify = useForgetVerify();
  const reset = useResetPassword();
  const token = flowState.get('resetToken');

  const onVerify = async (values: { phone: string; code: string }) => {
    setError(undefined);
    try {
      const { token: next } = await verify.mutateAsync(values);
      flowState.set('resetToken', next);
      flowState.clear('passwordReset');
      navigate('/forget/step2');
    } catch (e) {
      setError(applyApiError(form, e));
    }
  };
  const onReset = async (values: { password: string; confirm_password: string }) => {
    setError(undefined);
    try {
      await reset.mutateAsync({ token, ...values });
      flowState.clear('resetToken');
      flowState.set('passwordReset');
      navigate('/forget/step3');
    } catch (e) {
      setError(applyApiError(form, e));
    }
  };

  return (
    <AuthCard title="找回密码" width={560}>
      <StepBar
        titles={forgetSteps}
        current={step === 2 ? 3 : step}
        label="找回密码步骤"
        style={{ marginBottom: 32 }}
      />
      {error && (
        <div style={{ color: '#c62828', marginBottom: 16 }} data-testid="forget-error">
          {error}
        </div>
      )}
      {step === 0 && (
        <Form form={form} layout="vertical" size="large" onFinish={onVerify}>
          <Form.Item label="手机号码" name="phone" rules={mobileRules}>
            <Input placeholder="请输入注册时的手机号码" maxLength={11} />
          </Form.Item>
          <SmsCodeField purpose="forget" />
          <Button type="primary" htmlType="submit" block loading={verify.isPending} data-testid="forget-next">
            下一步
          </Button>
        </Form>
      )}
      {step === 1 && (
        <Form form={form} layout="vertical" size="large" onFinish={onReset}>
          <NewPasswordFields label="新密码" confirmLabel="确认新密码" />
          <Button
            type="primary"
            htmlType="submit"
            block
            loading={reset.isPending}
            data-testid="forget-submit"
          >
            确认修改
          </Button>
        </Form>
      )}
      {step === 2 && (
        <Outcome
          status="success"
          title="密码重置成功"
          subTitle="请使用新密码登录"
          extra={
            <Button type="primary" onClick={() => navigate('/login')} data-testid="forget-login">
              立即登录
            </Button>
          }
        />
      )}
    </AuthCard>
  );
}
