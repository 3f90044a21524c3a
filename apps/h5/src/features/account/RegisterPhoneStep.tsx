import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { useState } from 'react';
import { Field } from '../../components/Field';
import { FormMessage } from '../../components/FormMessage';
import { useFormErrors } from '../../lib/use-form-errors';
import { useRegisterVerify } from './api/register';
import { NewPasswordFields } from './NewPasswordFields';
import { SmsCodeInput } from './SmsCodeInput';

const fields = ['phone', 'code', 'password', 'confirm_password'] as const;

/** Step 1: phone, SMS code, password twice; answers the draft token of the next steps. */
export function RegisterPhoneStep({ onDone }: { onDone(token: string): void }) {
  const verify = useRegisterVerify();
  const form = useFormErrors(fields);
  const [phone, setPhone] = useState('');
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    form.clear();
    try {
      const { token } = await verify.mutateAsync({
        phone: phone.trim(),
        code: code.trim(),
        password,
        confirm_password: confirm,
      });
      onDone(token);
    } catch (error) {
      form.fail(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <List>
        <Field label="手机号码" name="phone" error={form.errors.phone}>
          <Input
            type="tel"
            inputMode="numeric"
            placeholder="请输入11位手机号码"
            maxLength={11}
            value={phone}
            onChange={setPhone}
            aria-label="手机号码"
          />
        </Field>
        <Field label="短信验证码" name="code" error={form.errors.code}>
          <SmsCodeInput
            purpose="register"
            phone={phone}
            value={code}
            onChange={setCode}
            onPhoneError={(text) => form.set('phone', text)}
          />
        </Field>
        <NewPasswordFields
          labels={['登录密码', '确认密码']}
          confirmPlaceholder="再次输入密码"
          password={password}
          confirm={confirm}
          onPassword={setPassword}
          onConfirm={setConfirm}
          errors={form.errors}
        />
      </List>
      <FormMessage text={form.message} />
      <div className="m-pad">
        <Button block type="submit" color="primary" size="large" loading={verify.isPending}>
          下一步
        </Button>
      </div>
    </form>
  );
}
