import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Field } from '../../components/Field';
import { FormMessage } from '../../components/FormMessage';
import { type Region, RegionPicker } from '../../components/RegionPicker';
import { Screen } from '../../components/Screen';
import { toast } from '../../lib/toast';
import { useFormErrors } from '../../lib/use-form-errors';
import { type AddressForm, useAddressList, useSaveAddress } from './api/member';

const fields = ['consignee', 'phone', 'region', 'detail'] as const;
const regionAlias = { province: 'region', city: 'region', district: 'region' };

/** 新增 / 编辑收货地址 (/addresses/new, /addresses/:id/edit). */
export default function AddressFormPage() {
  const id = Number(useParams().id) || undefined;
  const addresses = useAddressList();
  const title = id ? '编辑收货地址' : '新增收货地址';
  if (id && addresses.isPending)
    return (
      <Screen title={title}>
        <DotLoading />
      </Screen>
    );
  const current = id ? addresses.data?.find((a) => a.id === id) : undefined;
  if (id && !current)
    return (
      <Screen title={title}>
        <p className="m-pad">地址不存在</p>
      </Screen>
    );
  return (
    <Screen title={title}>
      <AddressEditor
        id={id}
        initial={
          current
            ? { ...current, is_default: current.is_default }
            : {
                consignee: '',
                phone: '',
                province: '',
                city: '',
                district: '',
                detail: '',
                is_default: false,
              }
        }
      />
    </Screen>
  );
}

function AddressEditor({ id, initial }: { id?: number; initial: AddressForm }) {
  const navigate = useNavigate();
  const save = useSaveAddress();
  const form = useFormErrors(fields, regionAlias);
  const [values, setValues] = useState(initial);
  const region: Region | null = values.province ? [values.province, values.city, values.district] : null;
  const set = (patch: Partial<AddressForm>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    form.clear();
    if (!region) return form.set('region', '请选择所在地区');
    try {
      await save.mutateAsync({
        id,
        form: {
          consignee: values.consignee,
          phone: values.phone,
          province: values.province,
          city: values.city,
          district: values.district,
          detail: values.detail,
          is_default: values.is_default,
        },
      });
      toast(id ? '地址已保存' : '地址已添加');
      navigate('/addresses', { replace: true });
    } catch (error) {
      form.fail(error);
    }
  };

  return (
    <form onSubmit={submit} noValidate>
      <List>
        <Field label="收货人" name="consignee" error={form.errors.consignee}>
          <Input
            placeholder="请输入收货人姓名"
            maxLength={30}
            value={values.consignee}
            onChange={(consignee) => set({ consignee })}
            aria-label="收货人"
          />
        </Field>
        <Field label="联系电话" name="phone" error={form.errors.phone}>
          <Input
            type="tel"
            placeholder="手机号码或固定电话"
            maxLength={13}
            value={values.phone}
            onChange={(phone) => set({ phone })}
            aria-label="联系电话"
          />
        </Field>
        <Field label="所在地区" name="region" error={form.errors.region}>
          <RegionPicker
            value={region}
            onChange={([province, city, district]) => {
              set({ province, city, district });
              form.set('region', '');
            }}
            testId="address-region"
          />
        </Field>
        <Field label="详细地址" name="detail" error={form.errors.detail}>
          <Input
            placeholder="街道、门牌号"
            maxLength={120}
            value={values.detail}
            onChange={(detail) => set({ detail })}
            aria-label="详细地址"
          />
        </Field>
        <List.Item>
          <label className="m-check">
            <input
              type="checkbox"
              checked={values.is_default}
              onChange={(e) => set({ is_default: e.target.checked })}
            />
            设为默认地址
          </label>
        </List.Item>
      </List>
      <FormMessage text={form.message} />
      <div className="m-pad">
        <Button block type="submit" color="primary" size="large" loading={save.isPending}>
          保存
        </Button>
      </div>
    </form>
  );
}
