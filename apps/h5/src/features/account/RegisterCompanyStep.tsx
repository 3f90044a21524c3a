import { companyTypes, type ScopeClassCode, scopeClasses } from '@yaocai/domain/catalog/scope';
import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { useState } from 'react';
import { ChipGroup } from '../../components/ChipGroup';
import { Field } from '../../components/Field';
import { FormMessage } from '../../components/FormMessage';
import { type Region, RegionPicker } from '../../components/RegionPicker';
import { useFormErrors } from '../../lib/use-form-errors';
import { useRegisterCompany } from './api/register';

const fields = [
  'company_name',
  'company_type',
  'contact_name',
  'contact_phone',
  'region',
  'address',
  'business_scope',
] as const;
/** The server names province, city and district; the form has one region picker for them. */
const regionAlias = { province: 'region', city: 'region', district: 'region' };
type CompanyType = (typeof companyTypes)[number]['code'];

/** Step 2: the company, its contact, region and address, and the business scope it applies for. */
export function RegisterCompanyStep({ token, onDone }: { token: string; onDone(): void }) {
  const save = useRegisterCompany();
  const form = useFormErrors(fields, regionAlias);
  const [name, setName] = useState('');
  const [type, setType] = useState<CompanyType>('pharmacy');
  const [contact, setContact] = useState('');
  const [contactPhone, setContactPhone] = useState('');
  const [region, setRegion] = useState<Region | null>(null);
  const [address, setAddress] = useState('');
  const [scope, setScope] = useState<ScopeClassCode[]>([]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    form.clear();
    if (!region) return form.set('region', '请选择所在地区');
    const [province, city, district] = region;
    try {
      await save.mutateAsync({
        token,
        company_name: name,
        company_type: type,
        contact_name: contact,
        contact_phone: contactPhone,
        province,
        city,
        district,
        address,
        business_scope: scope,
      });
      onDone();
    } catch (error) {
      form.fail(error);
    }
  };

  const text = (label: string, value: string, onChange: (v: string) => void, max: number, hint?: string) => (
    <Input
      placeholder={hint ?? `请输入${label}`}
      maxLength={max}
      value={value}
      onChange={onChange}
      aria-label={label}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <List>
        <Field label="企业名称" name="company_name" error={form.errors.company_name}>
          {text('企业名称', name, setName, 60, '与营业执照一致')}
        </Field>
        <Field label="企业类型" name="company_type" error={form.errors.company_type}>
          <ChipGroup label="企业类型" options={companyTypes} value={[type]} onChange={([t]) => setType(t)} />
        </Field>
        <Field label="联系人" name="contact_name" error={form.errors.contact_name}>
          {text('联系人', contact, setContact, 20)}
        </Field>
        <Field label="联系电话" name="contact_phone" error={form.errors.contact_phone}>
          <Input
            type="tel"
            inputMode="numeric"
            placeholder="请输入联系电话"
            maxLength={11}
            value={contactPhone}
            onChange={setContactPhone}
            aria-label="联系电话"
          />
        </Field>
        <Field label="所在地区" name="region" error={form.errors.region}>
          <RegionPicker
            value={region}
            onChange={(picked) => {
              setRegion(picked);
              form.set('region', '');
            }}
            testId="register-region"
          />
        </Field>
        <Field label="详细地址" name="address" error={form.errors.address}>
          {text('详细地址', address, setAddress, 120, '街道、门牌号')}
        </Field>
        <Field label="经营范围" name="business_scope" error={form.errors.business_scope}>
          <ChipGroup label="经营范围" options={scopeClasses} value={scope} onChange={setScope} multiple />
        </Field>
      </List>
      <FormMessage text={form.message} />
      <div className="m-pad">
        <Button block type="submit" color="primary" size="large" loading={save.isPending}>
          下一步
        </Button>
      </div>
    </form>
  );
}
