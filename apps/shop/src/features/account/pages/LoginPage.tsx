import { LockOutlined, UserOutlined } from '@ant-design/icons';
import type { LoginInput } from '@yaocai/domain';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { applyApiError } from '../components/form-rules';

/** Only same-site paths are followed after login (no open redirect). */
const safeRedirect = (value: string | null) =>
  value?.startsWith('/') && !value.startsWith('//') ? value : '/';

export default function LoginPage() {
  const [form] = Form.useForm<LoginInput>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [error, setError] = useState<string>();

  const onFinish = async (values: LoginInput) => {
    setError(undefined);
    try {
      await login.mutateAsync(values);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setError(applyApiError(form, e));
    }
  };

  return (
    <AuthCard title="会员登录" width={420}>
      {error && (
        <Alert type="error" showIcon message={error} style={{ marginBottom: 16 }} data-testid="login-error" />
      )}
      <Form form={form} size="large" onFinish={onFinish} autoComplete="on">
        <Form.Item
          name="username"
          rules={[
            { required: true, message: '请输入手机号或用户名' },
            { max: 50, message: '用户名过长' },
          ]}
        >
          <Input
            prefix={<UserOutlined />}
            placeholder="手机号 / 用户名"
            autoComplete="username"
            maxLength={50}
          />
        </Form.Item>
        <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
          <Input.Password
            prefix={<LockOutlined />}
            placeholder="密码"
            autoComplete="current-password"
            maxLength={50}
          />
        </Form.Item>
        <Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending} data-testid="login-submit">
            登 录
          </Button>
        </Form.Item>
      </Form>
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/forget/step1">忘记密码？</Link>
        <span>
          还没有账号？<Link to="/register/step1">免费注册</Link>
        </span>
      </div>
    </AuthCard>
  );
}
