import { companyTypes, regionOptions, type ScopeClassCode, scopeClasses } from '@yaocai/domain';
import { CheckboxList } from '@yaocai/web-client/checkbox-list';
import { Button, Cascader, Form, Input, Radio } from 'antd';
import { useState } from 'react';
import { applyApiError } from '../../../lib/form-errors';
import { ApiError } from '../../../lib/http';
import { useRegisterCompany } from '../api/register';
import { contactNameRules, mobileRules, textRules } from './form-rules';
import { StepForm } from './StepForm';

interface CompanyForm {
  company_name: string;
  company_type: string;
  contact_name: string;
  contact_phone: string;
  region: [string, string, string];
  address: string;
  business_scope: ScopeClassCode[];
}
const SAVED = 'yc_register_company';

/** Step 2: company details with a province/city/district picker and the business scope. */
export function RegisterCompanyStep({ token, onDone }: { token: string; onDone(): void }) {
  const [form] = Form.useForm<CompanyForm>();
  const save = useRegisterCompany();
  const [error, setError] = useState<string>();
  const initial = JSON.parse(sessionStorage.getItem(SAVED) ?? 'null') ?? { company_type: 'pharmacy' };

  const onFinish = async ({ region, ...values }: CompanyForm) => {
    setError(undefined);
    const [province, city, district] = region;
    try {
      await save.mutateAsync({ token, ...values, province, city, district });
      sessionStorage.setItem(SAVED, JSON.stringify({ region, ...values }));
      onDone();
    } catch (e) {
      setError(applyApiError(form, e));
      // The server names province/city/district; the form has one region picker for them.
      const errors =
        e instanceof ApiError ? (e.data as { errors?: Record<string, string[]> } | null)?.errors : undefined;
      const regionMessage = errors && (errors.province ?? errors.city ?? errors.district)?.[0];
      if (regionMessage) form.setFields([{ name: 'region', errors: [regionMessage] }]);
    }
  };

  return (
    <StepForm form={form} initialValues={initial} onFinish={onFinish} width={640} error={error}>
      <Form.Item label="企业名称" name="company_name" rules={textRules('企业名称', 2, 60)}>
        <Input placeholder="与营业执照一致" maxLength={60} />
      </Form.Item>
      <Form.Item label="企业类型" name="company_type" rules={[{ required: true, message: '请选择企业类型' }]}>
        <Radio.Group options={companyTypes.map((t) => ({ value: t.code, label: t.name }))} />
      </Form.Item>
      <div style={{ display: 'flex', gap: 16 }}>
        <Form.Item style={{ flex: 1 }} label="联系人" name="contact_name" rules={contactNameRules}>
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item style={{ flex: 1 }} label="联系电话" name="contact_phone" rules={mobileRules}>
          <Input maxLength={11} />
        </Form.Item>
      </div>
      <Form.Item label="所在地区" name="region" rules={[{ required: true, message: '请选择所在地区' }]}>
        <Cascader options={regionOptions} placeholder="省 / 市 / 区" data-testid="register-region" />
      </Form.Item>
      <Form.Item label="详细地址" name="address" rules={textRules('详细地址', 5, 120)}>
        <Input placeholder="街道、门牌号" maxLength={120} />
      </Form.Item>
      <Form.Item
        label="经营范围"
        name="business_scope"
        rules={[{ required: true, message: '请至少选择一项经营范围' }]}
      >
        <CheckboxList options={scopeClasses.map((c) => ({ value: c.code, label: c.name }))} />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={save.isPending} data-testid="register-next">
        下一步
      </Button>
    </StepForm>
  );
}
