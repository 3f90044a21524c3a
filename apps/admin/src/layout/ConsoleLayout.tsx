import { LogoutOutlined } from '@ant-design/icons';
import { HiddenHeading } from '@yaocai/web-client/sr-only';
import { Button, Layout, Spin } from 'antd';
import { Suspense } from 'react';
import { Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import type { ConsoleRoute } from '../app/route-types';
import { canOpen } from '../app/routes';
import { useLogout } from '../features/auth/api/operator';
import { useMe } from '../lib/me';
import { Breadcrumbs } from './Breadcrumbs';
import { Forbidden } from './Forbidden';
import { SideNav } from './SideNav';

const loading = (
  <div className="ad-center ad-center--inline">
    <Spin size="large" />
  </div>
);

/**
 * The console frame, driven by the route table: side menu, breadcrumbs, the operator and 退出;
 * the access guard shows 403 for a screen the operator may not open; visitors go to sign in.
 */
export function ConsoleLayout() {
  const me = useMe();
  const logout = useLogout();
  const location = useLocation();
  const navigate = useNavigate();
  const route = useMatches().at(-1)?.handle as ConsoleRoute | undefined;
  if (me.isPending) return <div className="ad-center">{loading}</div>;
  if (!me.data) return <Navigate to={`/login?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  const permissions = me.data.permissions;
  const allowed = !route || canOpen(route, permissions);
  const menuKey = route && (route.group ? route.path : route.parent);
  if (route) document.title = `${route.title} - 药采运营后台`;
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider width={208} theme="dark">
        <div className="ad-logo">药采运营后台</div>
        <SideNav permissions={permissions} active={menuKey} />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ad-header">
          <Breadcrumbs route={route} />
          <span data-testid="admin-operator">
            {me.data.name || me.data.username}
            <span className="ad-roles">{me.data.roles.map((r) => r.name).join('、')}</span>
          </span>
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
          {/* The title shows in the breadcrumb; the outline starts with it. */}
          {route && <HiddenHeading>{route.title}</HiddenHeading>}
          {allowed ? (
            <Suspense fallback={loading}>
              <Outlet />
            </Suspense>
          ) : (
            <Forbidden permission={route?.permission} />
          )}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
