import {
  AuditOutlined,
  CustomerServiceOutlined,
  FileDoneOutlined,
  LogoutOutlined,
  MedicineBoxOutlined,
  ProfileOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { Button, Layout, Menu, Spin } from 'antd';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router';
import { useLogout, useMe } from '../features/auth/api/operator';

export const consoleMenu = [
  { key: '/orders', icon: <ProfileOutlined />, label: '订单管理' },
  { key: '/goods', icon: <MedicineBoxOutlined />, label: '商品管理' },
  { key: '/qualifications', icon: <AuditOutlined />, label: '会员资质审核' },
  { key: '/after-sales', icon: <CustomerServiceOutlined />, label: '售后处理' },
  { key: '/receipts', icon: <FileDoneOutlined />, label: '含麻回执' },
  { key: '/credit', icon: <WalletOutlined />, label: '账期额度' },
];

/** The console frame: side menu, operator name and 退出; visitors go to the login page. */
export function ConsoleLayout() {
  const me = useMe();
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();
  if (me.isPending) {
    return (
      <div className="ad-center">
        <Spin size="large" />
      </div>
    );
  }
  if (!me.data) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  const selected = consoleMenu.find((item) => location.pathname.startsWith(item.key))?.key;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="dark">
        <div className="ad-logo">药采运营后台</div>
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={selected ? [selected] : []}
          items={consoleMenu}
          onClick={({ key }) => navigate(key)}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ad-header">
          <span data-testid="admin-operator">{me.data.name || me.data.username}</span>
          <Button
            type="link"
            icon={<LogoutOutlined />}
            loading={logout.isPending}
            onClick={() =>
              logout.mutate(undefined, { onSuccess: () => navigate('/login', { replace: true }) })
            }
            data-testid="admin-logout"
          >
            退出
          </Button>
        </Layout.Header>
        <Layout.Content className="ad-content">
          <Outlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
