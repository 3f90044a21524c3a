import { MOBILE_PATTERN } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Avatar, Button, Divider, Form, Input, Space } from 'antd';
import { useEffect, useState } from 'react';
import { Card } from '../../../components/Card';
import { type Photo, PhotoUpload } from '../../../components/PhotoUpload';
import { useUserBase } from '../../../layout/api/user-base';
import { applyApiError } from '../../../lib/form-errors';
import { useResetPassword } from '../api/forget';
import { useUpdateUserInfo } from '../api/profile';
import { SmsCodeButton } from '../components/SmsCodeButton';

interface InfoValues {
  name: string;
  phone: string;
  code?: string;
}

interface PasswordValues {
  old_password: string;
  password: string;
  confirm_password: string;
}

/** /basic 基本信息: contact name, avatar, phone (with a code to the new phone), password. */
export default function BasicInfoPage() {
  const { message } = useFeedback();
  const { user } = useUserBase(true);
  const [info] = Form.useForm<InfoValues>();
  const [pwd] = Form.useForm<PasswordValues>();
  const [avatar, setAvatar] = useState<Photo[]>([]);
  const save = useUpdateUserInfo();
  const reset = useResetPassword();
  const phone = Form.useWatch('phone', info);
  const phoneChanged = !!phone && phone !== user.phone;

  useEffect(() => {
    if (user.is_login) info.setFieldsValue({ name: user.name, phone: user.phone });
  }, [user.is_login, user.name, user.phone, info]);

  const submitInfo = async (v: InfoValues) => {
    try {
      await save.mutateAsync({
        name: v.name,
        ...(phoneChanged ? { phone: v.phone, code: v.code ?? '' } : {}),
        ...(avatar[0] ? { avatar_file_id: avatar[0].id } : {}),
      });
      message.success(phoneChanged ? '保存成功，请使用新手机号登录' : '保存成功');
      setAvatar([]);
      info.setFieldValue('code', undefined);
    } catch (error) {
      message.error(applyApiError(info, error));
    }
  };

  const submitPassword = async (v: PasswordValues) => {
    try {
      await reset.mutateAsync(v);
      message.success('密码修改成功');
      pwd.resetFields();
    } catch (error) {
      message.error(applyApiError(pwd, error));
    }
  };

  return (
    <Card className="sh-container" title="基本信息" data-testid="basic-page">
      <Form<InfoValues>
        form={info}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={submitInfo}
      >
        <Form.Item label="企业 / 门店">
          <span>
            {user.company} / {user.store_name}
          </span>
        </Form.Item>
        <Form.Item label="头像">
          <Space align="start" size={16}>
            <Avatar size={64} src={user.face || undefined} alt="当前头像">
              {user.name?.slice(0, 1)}
            </Avatar>
            <PhotoUpload value={avatar} onChange={setAvatar} max={1} testId="basic-avatar" />
          </Space>
        </Form.Item>
        <Form.Item
          name="name"
          label="联系人"
          rules={[
            { required: true, whitespace: true, message: '请输入联系人' },
            { min: 2, max: 20, message: '联系人为2-20个字' },
          ]}
        >
          <Input maxLength={20} data-testid="basic-name" />
        </Form.Item>
        <Form.Item
          name="phone"
          label="手机号"
          extra="手机号即登录账号；更换时需验证新手机号"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: MOBILE_PATTERN, message: '请输入正确的手机号' },
          ]}
        >
          <Input maxLength={11} data-testid="basic-phone" />
        </Form.Item>
        {phoneChanged && (
          <Form.Item label="验证码" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="code" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
                <Input maxLength={6} placeholder="新手机号收到的验证码" data-testid="basic-code" />
              </Form.Item>
              <SmsCodeButton
                purpose="change_phone"
                getPhone={async () => {
                  try {
                    return (await info.validateFields(['phone'])).phone;
                  } catch {
                    return undefined;
                  }
                }}
              />
            </Space.Compact>
          </Form.Item>
        )}
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="basic-save">
            保存
          </Button>
        </Form.Item>
      </Form>
      <Divider orientation="left">修改密码</Divider>
      <Form<PasswordValues>
        form={pwd}
        layout="horizontal"
        labelCol={{ span: 4 }}
        wrapperCol={{ span: 12 }}
        onFinish={submitPassword}
      >
        <Form.Item name="old_password" label="原密码" rules={[{ required: true, message: '请输入原密码' }]}>
          <Input.Password autoComplete="current-password" data-testid="basic-old-password" />
        </Form.Item>
        <Form.Item
          name="password"
          label="新密码"
          rules={[
            { required: true, message: '请输入新密码' },
            { min: 8, max: 20, message: '密码为8-20位' },
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="basic-password" />
        </Form.Item>
        <Form.Item
          name="confirm_password"
          label="确认新密码"
          dependencies={['password']}
          rules={[
            { required: true, message: '请再次输入新密码' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('password')
                  ? Promise.resolve()
                  : Promise.reject(new Error('两次输入的密码不一致')),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="basic-confirm-password" />
        </Form.Item>
        <Form.Item wrapperCol={{ offset: 4 }}>
          <Button htmlType="submit" loading={reset.isPending} data-testid="basic-password-save">
            修改密码
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
