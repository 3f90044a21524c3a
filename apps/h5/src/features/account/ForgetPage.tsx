import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import Result from 'antd-mobile/es/components/result';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Field } from '../../components/Field';
import { FormMessage } from '../../components/FormMessage';
import { Screen } from '../../components/Screen';
import { useFormErrors } from '../../lib/use-form-errors';
import { useForgetVerify, useResetPassword } from './api/register';
import { NewPasswordFields } from './NewPasswordFields';
import { SmsCodeInput } from './SmsCodeInput';

const fields = ['phone', 'code', 'password', 'confirm_password'] as const;

/** 找回密码: phone + SMS code (answers a reset token), then the new password twice, then done. */
export default function ForgetPage() {
  const navigate = useNavigate();
  const verify = useForgetVerify();
  const reset = useResetPassword();
  const form = useFormErrors(fields);
  const [token, setToken] = useState('');
  const [done, setDone] = useState(false);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    form.clear();
    try {
      if (!token) {
        setToken((await verify.mutateAsync({ phone: phone.trim(), code: code.trim() })).token);
      } else {
        await reset.mutateAsync({ token, password, confirm_password: confirm });
        setDone(true);
      }
    } catch (error) {
      form.fail(error);
    }
  };

  if (done)
    return (
      <Screen title="找回密码">
        <Result status="success" title="密码重置成功" description="请使用新密码登录" />
        <div className="m-pad">
          <Button block color="primary" size="large" onClick={() => navigate('/login', { replace: true })}>
            立即登录
          </Button>
        </div>
      </Screen>
    );

  return (
    <Screen title="找回密码">
      <form onSubmit={submit} noValidate>
        {token ? (
          <List header="设置新密码">
            <NewPasswordFields
              labels={['新密码', '确认新密码']}
              confirmPlaceholder="再次输入新密码"
              password={password}
              confirm={confirm}
              onPassword={setPassword}
              onConfirm={setConfirm}
              errors={form.errors}
            />
          </List>
        ) : (
          <List header="验证手机">
            <Field label="手机号码" name="phone" error={form.errors.phone}>
              <Input
                type="tel"
                inputMode="numeric"
                placeholder="请输入注册时的手机号码"
                maxLength={11}
                value={phone}
                onChange={setPhone}
                aria-label="手机号码"
              />
            </Field>
            <Field label="短信验证码" name="code" error={form.errors.code}>
              <SmsCodeInput
                purpose="forget"
                phone={phone}
                value={code}
                onChange={setCode}
                onPhoneError={(text) => form.set('phone', text)}
              />
            </Field>
          </List>
        )}
        <FormMessage text={form.message} />
        <div className="m-pad">
          <Button
            block
            type="submit"
            color="primary"
            size="large"
            loading={verify.isPending || reset.isPending}
          >
            {token ? '确认修改' : '下一步'}
          </Button>
        </div>
      </form>
    </Screen>
  );
}
