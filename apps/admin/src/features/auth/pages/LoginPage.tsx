import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { type AdminLoginValues, useLogin } from '../api/operator';
import { loginErrorText } from '../login-error';

/** Operator sign-in: username and password; refusals shown above the button. */
export default function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const onFinish = (values: AdminLoginValues) =>
    login.mutate(values, { onSuccess: () => navigate(params.get('redirect') || '/', { replace: true }) });
  return (
    <div className="ad-login">
      {/* Plain markup rather than Card and Typography: they bring tabs, menus and tooltips into the first load. */}
      <div className="ad-login__card">
        <div className="ad-login__brand">
          <svg width="40" height="40" viewBox="0 0 52 52" aria-hidden="true">
            <rect width="52" height="52" rx="12" fill="#0a7c4e" />
            <path d="M21 10h10v11h11v10H31v11H21V31H10V21h11z" fill="#fff" />
          </svg>
          <div>
            <h1 className="ad-login__title">药采运营后台</h1>
            <div className="ad-login__subtitle">订单、会员资质、售后与账期管理</div>
          </div>
        </div>
        <Form<AdminLoginValues>
          layout="vertical"
          onFinish={onFinish}
          requiredMark={false}
          disabled={login.isPending}
        >
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
          >
            <Input
              prefix={<UserOutlined />}
              placeholder="请输入用户名"
              autoComplete="username"
              data-testid="admin-username"
            />
          </Form.Item>
          <Form.Item label="密码" name="password" rules={[{ required: true, message: '请输入密码' }]}>
            <Input.Password
              prefix={<LockOutlined />}
              placeholder="请输入密码"
              autoComplete="current-password"
              data-testid="admin-password"
            />
          </Form.Item>
          {login.isError && (
            <Alert
              type="error"
              showIcon
              message={loginErrorText(login.error)}
              style={{ marginBottom: 16 }}
              data-testid="admin-login-error"
            />
          )}
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={login.isPending}
            data-testid="admin-login-submit"
          >
            登 录
          </Button>
        </Form>
      </div>
    </div>
  );
}
