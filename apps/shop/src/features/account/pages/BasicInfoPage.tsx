import { buyerPasswordRule, MOBILE_PATTERN } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Divider, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/Card';
import { LightPassword } from '../../../components/FieldControls';
import { LightField } from '../../../components/LightField';
import { type Photo, PhotoUpload } from '../../../components/PhotoUpload';
import { useUserBase } from '../../../layout/api/user-base';
import type { FieldSpecs } from '../../../lib/light-form';
import { useLightForm } from '../../../lib/use-light-form';
import { useResetPassword } from '../api/forget';
import { useUpdateUserInfo } from '../api/profile';
import { SmsCodeButton } from '../components/SmsCodeButton';
import '../account.css';

interface InfoValues {
  name: string;
  phone: string;
  code: string;
}

interface PasswordValues {
  old_password: string;
  password: string;
  confirm_password: string;
}

const infoFields: FieldSpecs<InfoValues> = {
  name: {
    rules: [
      { required: true, whitespace: true, message: '请输入联系人' },
      { min: 2, max: 20, message: '联系人为2-20个字' },
    ],
  },
  phone: {
    rules: [
      { required: true, message: '请输入手机号' },
      { pattern: MOBILE_PATTERN, message: '请输入正确的手机号' },
    ],
  },
  code: { rules: [{ required: true, message: '请输入验证码' }] },
};
/** The code is asked for only when the phone changes; without it the form has these fields. */
const samePhoneFields: (keyof InfoValues)[] = ['name', 'phone'];

const { minLength, maxLength } = buyerPasswordRule;
const passwordFields: FieldSpecs<PasswordValues> = {
  old_password: { rules: [{ required: true, message: '请输入原密码' }] },
  password: {
    rules: [
      { required: true, message: '请输入新密码' },
      { min: minLength, max: maxLength, message: `密码为${minLength}-${maxLength}位` },
    ],
  },
  confirm_password: {
    dependencies: ['password'],
    rules: [
      { required: true, message: '请再次输入新密码' },
      { valid: (value, values) => !value || value === values.password, message: '两次输入的密码不一致' },
    ],
  },
};
const grid = { labelSpan: 4, wrapperSpan: 12 };

/** The current avatar in antd Avatar's look (64 px circle; the name's first character without one). */
function CurrentAvatar({ face, name }: { face?: string; name: string }) {
  const [broken, setBroken] = useState(false);
  const image = !!face && !broken;
  return (
    <span className={image ? 'sh-avatar sh-avatar--image' : 'sh-avatar'}>
      {image ? <img src={face} alt="当前头像" onError={() => setBroken(true)} /> : name.slice(0, 1)}
    </span>
  );
}

/** /basic 基本信息: contact name, avatar, phone (with a code to the new phone), password. */
export default function BasicInfoPage() {
  const { message } = useFeedback();
  const { user } = useUserBase(true);
  const info = useLightForm(infoFields, { name: '', phone: '', code: '' });
  const pwd = useLightForm(passwordFields, { old_password: '', password: '', confirm_password: '' });
  const [avatar, setAvatar] = useState<Photo[]>([]);
  const save = useUpdateUserInfo();
  const reset = useResetPassword();
  const phone = info.values.phone;
  const phoneChanged = !!phone && phone !== user.phone;
  const { setValues } = info;

  useEffect(() => {
    if (user.is_login) setValues({ name: user.name, phone: user.phone });
  }, [user.is_login, user.name, user.phone, setValues]);

  const submitInfo = async (v: InfoValues) => {
    try {
      await save.mutateAsync({
        name: v.name,
        ...(phoneChanged ? { phone: v.phone, code: v.code } : {}),
        ...(avatar[0] ? { avatar_file_id: avatar[0].id } : {}),
      });
      message.success(phoneChanged ? '保存成功，请使用新手机号登录' : '保存成功');
      setAvatar([]);
      info.setValue('code', '');
    } catch (error) {
      message.error(info.applyApiError(error));
    }
  };

  const submitPassword = async (v: PasswordValues) => {
    try {
      await reset.mutateAsync(v);
      message.success('密码修改成功');
      pwd.reset();
    } catch (error) {
      message.error(pwd.applyApiError(error));
    }
  };

  return (
    <Card className="sh-container" title="基本信息" data-testid="basic-page">
      <form onSubmit={info.onSubmit(submitInfo, phoneChanged ? undefined : samePhoneFields)} noValidate>
        <LightField {...grid} label="企业 / 门店">
          <span>
            {user.company} / {user.store_name}
          </span>
        </LightField>
        <LightField {...grid} label="头像">
          <Space align="start" size={16}>
            <CurrentAvatar face={user.face} name={user.name ?? ''} />
            <PhotoUpload value={avatar} onChange={setAvatar} max={1} testId="basic-avatar" />
          </Space>
        </LightField>
        <LightField {...grid} label="联系人" required id="basic-name" errors={info.errors('name')}>
          {(control) => (
            <input
              {...control}
              {...info.text('name')}
              className="yc-control"
              style={{ width: '100%' }}
              maxLength={20}
              data-testid="basic-name"
            />
          )}
        </LightField>
        <LightField
          {...grid}
          label="手机号"
          required
          id="basic-phone"
          errors={info.errors('phone')}
          extra="手机号即登录账号；更换时需验证新手机号"
        >
          {(control) => (
            <input
              {...control}
              {...info.text('phone')}
              className="yc-control"
              style={{ width: '100%' }}
              maxLength={11}
              data-testid="basic-phone"
            />
          )}
        </LightField>
        {phoneChanged && (
          <LightField {...grid} label="验证码" required id="basic-code" errors={info.errors('code')}>
            {(control) => (
              <Space.Compact style={{ width: '100%' }}>
                <input
                  {...control}
                  {...info.text('code')}
                  className="yc-control yc-control-compact-first"
                  style={{ width: '100%' }}
                  maxLength={6}
                  placeholder="新手机号收到的验证码"
                  data-testid="basic-code"
                />
                <SmsCodeButton
                  purpose="change_phone"
                  getPhone={async () => info.validate(['phone'])?.phone}
                />
              </Space.Compact>
            )}
          </LightField>
        )}
        <LightField offsetSpan={4}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="basic-save">
            保存
          </Button>
        </LightField>
      </form>
      <Divider orientation="left">修改密码</Divider>
      <form onSubmit={pwd.onSubmit(submitPassword)} noValidate>
        <LightField
          {...grid}
          label="原密码"
          required
          id="basic-old-password"
          errors={pwd.errors('old_password')}
        >
          {(control) => (
            <LightPassword
              {...control}
              {...pwd.text('old_password')}
              autoComplete="current-password"
              data-testid="basic-old-password"
            />
          )}
        </LightField>
        <LightField {...grid} label="新密码" required id="basic-password" errors={pwd.errors('password')}>
          {(control) => (
            <LightPassword
              {...control}
              {...pwd.text('password')}
              autoComplete="new-password"
              data-testid="basic-password"
            />
          )}
        </LightField>
        <LightField
          {...grid}
          label="确认新密码"
          required
          id="basic-confirm-password"
          errors={pwd.errors('confirm_password')}
        >
          {(control) => (
            <LightPassword
              {...control}
              {...pwd.text('confirm_password')}
              autoComplete="new-password"
              data-testid="basic-confirm-password"
            />
          )}
        </LightField>
        <LightField offsetSpan={4}>
          <Button htmlType="submit" loading={reset.isPending} data-testid="basic-password-save">
            修改密码
          </Button>
        </LightField>
      </form>
    </Card>
  );
}
