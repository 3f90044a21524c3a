import { CloseCircleFilled, LockOutlined, UserOutlined, WechatOutlined } from '@ant-design/icons';
import type { LoginInput } from '@yaocai/domain';
import { Button } from 'antd';
import { type FormEvent, lazy, Suspense, useCallback, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { apiErrorMessage, apiFieldErrors } from '../../../lib/form-errors';
import { sameSitePath } from '../../../lib/redirect';
import { useLogin } from '../api/login';
import { AuthCard } from '../components/AuthCard';
import { AuthField } from '../components/AuthField';
import { RESUME_PARAM } from '../components/wechat-resume';

/** The WeChat QR dialog and its QR code load when the buyer asks for them. */
const WechatLoginDialog = lazy(() => import('../components/WechatLoginDialog'));

const safeRedirect = (value: string | null) => sameSitePath(value, '/');

type FieldErrors = Partial<Record<keyof LoginInput, string>>;

/** The login body's rules (packages/domain loginBody), checked before it is sent. */
function check({ username, password }: LoginInput): FieldErrors {
  return {
    username: !username ? '请输入手机号或用户名' : username.length > 50 ? '用户名过长' : undefined,
    password: !password ? '请输入密码' : undefined,
  };
}

export default function LoginPage() {
  const [values, setValues] = useState<LoginInput>({ username: '', password: '' });
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  // After a first submit the fields are checked as they change, as antd's form did.
  const [checked, setChecked] = useState(false);
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

  const change = (name: keyof LoginInput, value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    if (checked) setFieldErrors(check(next));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    const problems = check(values);
    setFieldErrors(problems);
    if (problems.username || problems.password) return;
    setError(undefined);
    try {
      await login.mutateAsync(values);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      const fields = apiFieldErrors(e);
      if (fields) setFieldErrors({ username: fields.username?.[0], password: fields.password?.[0] });
      setError(apiErrorMessage(e));
    }
  };

  return (
    <AuthCard title="会员登录" width={420}>
      {error && (
        <div className="sh-auth-alert" role="alert" data-testid="login-error">
          <CloseCircleFilled aria-hidden />
          <span>{error}</span>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <AuthField
          id="login-username"
          name="username"
          prefix={<UserOutlined />}
          placeholder="手机号 / 用户名"
          aria-label="手机号或用户名"
          autoComplete="username"
          maxLength={50}
          value={values.username}
          onChange={(e) => change('username', e.target.value)}
          error={fieldErrors.username}
        />
        <AuthField
          id="login-password"
          name="password"
          secret
          prefix={<LockOutlined />}
          placeholder="密码"
          aria-label="密码"
          autoComplete="current-password"
          maxLength={50}
          value={values.password}
          onChange={(e) => change('password', e.target.value)}
          error={fieldErrors.password}
        />
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={login.isPending}
          data-testid="login-submit"
          style={{ marginBottom: 24 }}
        >
          登 录
        </Button>
      </form>
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
