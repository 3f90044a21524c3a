import type { RegisterDdSubmitInput } from '@yaocai/domain';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { applyApiError } from '../../../lib/form-errors';
import { useRegisterStore } from '../api/register';
import { contactNameRules, textRules } from './form-rules';
import { StepForm } from './StepForm';

/** Multi-store step 2: the new store's name, contact and address. */
export function RegisterStoreStep({ token, onDone }: { token: string; onDone(): void }) {
  const [form] = Form.useForm<Omit<RegisterDdSubmitInput, 'token'>>();
  const submit = useRegisterStore();
  const [error, setError] = useState<string>();

  const onFinish = async (values: Omit<RegisterDdSubmitInput, 'token'>) => {
    setError(undefined);
    try {
      await submit.mutateAsync({ token, ...values });
      onDone();
    } catch (e) {
      setError(applyApiError(form, e));
    }
  };

  return (
    <StepForm form={form} onFinish={onFinish} width={480} error={error}>
      <Form.Item label="门店名称" name="store_name" rules={textRules('门店名称', 2, 60)}>
        <Input maxLength={60} />
      </Form.Item>
      <Form.Item label="门店联系人" name="contact_name" rules={contactNameRules}>
        <Input maxLength={20} />
      </Form.Item>
      <Form.Item label="门店地址" name="address" rules={textRules('门店地址', 5, 120)}>
        <Input maxLength={120} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={submit.isPending} data-testid="register-submit">
        提交
      </Button>
    </StepForm>
  );
}
