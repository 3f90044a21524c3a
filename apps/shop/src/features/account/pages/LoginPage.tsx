import { LockOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import type { LoginInput } from '@yaocai/domain';
import { Alert, Button, Form, Input } from 'antd';
import { lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { applyApiError } from '../../../lib/form-errors';
import { sameSitePath } from '../../../lib/redirect';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { RESUME_PARAM } from '../components/wechat-resume';

/** The WeChat QR dialog and its QR code load when the buyer asks for them. */
const WechatLoginDialog = lazy(() => import('../components/WechatLoginDialog'));

const safeRedirect = (value: string | null) => sameSitePath(value, '/');

export default function LoginPage() {
  const [form] = Form.useForm<LoginInput>();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [error, setError] = useState<string>();
  // Back from WeChat's QR page (?wx=): the dialog reopens and completes the login.
  const [wechat, setWechat] = useState(params.has(RESUME_PARAM));
  const [unboundWechat, setUnboundWechat] = useState(false);
  const redirect = safeRedirect(params.get('redirect'));
  const wechatDone = useCallback(
    (state: string) => {
      // A full load: the header, cart and prices are the store's from the first paint.
      if (state === 'logged_in') window.location.assign(redirect);
      else setUnboundWechat(true);
    },
    [redirect],
  );

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
      <div style={{ textAlign: 'center', marginBottom: 12 }}>
        <Button
          type="link"
          icon={<WechatOutlined style={{ color: '#07c160' }} />}
          onClick={() => setWechat(true)}
          data-testid="login-wechat"
        >
          微信扫码登录
        </Button>
      </div>
      {wechat && (
        <Suspense fallback={null}>
          <WechatLoginDialog
            unbound={unboundWechat}
            onDone={wechatDone}
            onCancel={() => {
              setWechat(false);
              setUnboundWechat(false);
              if (params.has(RESUME_PARAM))
                setParams(
                  (p) => {
                    p.delete(RESUME_PARAM);
                    return p;
                  },
                  { replace: true },
                );
            }}
          />
        </Suspense>
      )}
      <div style={{ display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/forget/step1">忘记密码？</Link>
        <span>
          还没有账号？<Link to="/register/step1">免费注册</Link>
        </span>
      </div>
    </AuthCard>
  );
}
