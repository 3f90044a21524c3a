import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntdApp, Button, Card, ConfigProvider, Form, Input, Layout, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { useEffect, useState } from 'react';
import { operatorLogin } from '../features/order/api/admin';
import { OrderConsole } from '../features/order/OrderConsole';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false } } });

/** Operator console. First version: operator login, then the order area (the frame comes with the shell work). */
export function App() {
  const [state, setState] = useState<'unknown' | 'out' | 'in'>('unknown');
  useEffect(() => {
    fetch('/api/admin/orders?page=1&page_size=1', { credentials: 'same-origin' }).then((r) =>
      setState(r.ok ? 'in' : 'out'),
    );
  }, []);
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#0a8f5a' } }}>
      <AntdApp>
        <QueryClientProvider client={queryClient}>
          {state === 'in' ? (
            <Layout style={{ minHeight: '100vh' }}>
              <Layout.Header style={{ color: '#fff', fontSize: 18 }}>药采运营后台</Layout.Header>
              <Layout.Content style={{ padding: 16 }}>
                <OrderConsole />
              </Layout.Content>
            </Layout>
          ) : (
            state === 'out' && <Login onDone={() => setState('in')} />
          )}
        </QueryClientProvider>
      </AntdApp>
    </ConfigProvider>
  );
}

function Login({ onDone }: { onDone(): void }) {
  const [error, setError] = useState('');
  const submit = async (v: { username: string; password: string }) => {
    try {
      await operatorLogin(v.username, v.password);
      onDone();
    } catch (e) {
      setError((e as Error).message);
    }
  };
  return (
    <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
      <Card style={{ width: 380 }}>
        <Typography.Title level={3}>药采运营后台</Typography.Title>
        <Form layout="vertical" onFinish={submit}>
          <Form.Item name="username" label="账号" rules={[{ required: true, message: '请输入账号' }]}>
            <Input data-testid="admin-username" />
          </Form.Item>
          <Form.Item
            name="password"
            label="密码"
            rules={[{ required: true, message: '请输入密码' }]}
            help={error || undefined}
            validateStatus={error ? 'error' : undefined}
          >
            <Input.Password data-testid="admin-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block data-testid="admin-login">
            登录
          </Button>
        </Form>
      </Card>
    </div>
  );
}
