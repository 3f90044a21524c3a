import { App as AntdApp, Card, ConfigProvider, Typography } from 'antd';
import zhCN from 'antd/locale/zh_CN';

/** Operator console. The login page and console screens come with the operator work. */
export function App() {
  return (
    <ConfigProvider locale={zhCN} theme={{ token: { colorPrimary: '#0a8f5a' } }}>
      <AntdApp>
        <div style={{ minHeight: '100vh', display: 'grid', placeItems: 'center', background: '#f0f2f5' }}>
          <Card style={{ width: 380 }}>
            <Typography.Title level={3}>药采运营后台</Typography.Title>
          </Card>
        </div>
      </AntdApp>
    </ConfigProvider>
  );
}
