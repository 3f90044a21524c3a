import Button from 'antd-mobile/es/components/button';
import Input from 'antd-mobile/es/components/input';
import List from 'antd-mobile/es/components/list';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Screen } from '../../components/Screen';
import { unreportedMessage } from '../../lib/http';
import { safeRedirect } from '../../lib/redirect';
import { useLogin } from './api/user';

export default function LoginPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLogin();
  const [error, setError] = useState<string | null>(null);

  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const values = { username: username.trim(), password };
    if (!values.username) return setError('请输入手机号或用户名');
    if (!values.password) return setError('请输入密码');
    setError(null);
    try {
      await login.mutateAsync(values);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (failure) {
      setError(unreportedMessage(failure, '登录失败', true));
    }
  };

  return (
    <Screen title="登录">
      <div className="m-login">
        <h1 className="m-login__brand">药采</h1>
        <form onSubmit={submit} noValidate>
          <List>
            <List.Item title="账号">
              <Input
                placeholder="手机号或用户名"
                autoComplete="username"
                value={username}
                onChange={setUsername}
                clearable
                aria-label="账号"
              />
            </List.Item>
            <List.Item title="密码">
              <Input
                type="password"
                placeholder="密码"
                autoComplete="current-password"
                value={password}
                onChange={setPassword}
                clearable
                aria-label="密码"
              />
            </List.Item>
          </List>
          <div className="m-pad">
            <Button block type="submit" color="primary" size="large" loading={login.isPending}>
              登录
            </Button>
          </div>
        </form>
        {error ? (
          <p className="m-error" role="alert">
            {error}
          </p>
        ) : null}
        <p className="m-login__links">
          <Link to="/register">注册账号</Link>
          <Link to="/forget">忘记密码</Link>
        </p>
      </div>
    </Screen>
  );
}
