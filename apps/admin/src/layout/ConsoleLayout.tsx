import { LogoutOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Layout, Menu, type MenuProps, Spin } from 'antd';
import { createElement, Suspense } from 'react';
import { Link, Navigate, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { type ConsoleRoute, menuGroups } from '../app/route-types';
import { breadcrumbOf, canOpen, consoleRoutes } from '../app/routes';
import { useLogout, useMe } from '../features/auth/api/operator';
import { Forbidden } from './Forbidden';

const loading = (
  <div className="ad-center ad-center--inline">
    <Spin size="large" />
  </div>
);

/** The side menu: the route table's menu screens the operator may open, by group. */
function menuItems(permissions: readonly string[]): MenuProps['items'] {
  return menuGroups.flatMap((group) => {
    const children = consoleRoutes
      .filter((r) => r.group === group.key && canOpen(r, permissions))
      .map((r) => ({ key: r.path, icon: r.icon && createElement(r.icon), label: r.title }));
    return children.length > 0
      ? [{ type: 'group' as const, key: group.key, label: group.title, children }]
      : [];
  });
}

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
        <Menu
          theme="dark"
          mode="inline"
          selectedKeys={menuKey ? [menuKey] : []}
          items={menuItems(permissions)}
          onClick={({ key }) => navigate(key)}
          data-testid="admin-menu"
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header className="ad-header">
          <Breadcrumb
            className="ad-breadcrumb"
            items={
              route
                ? breadcrumbOf(route).map((r, i, all) => ({
                    title: i < all.length - 1 ? <Link to={r.path}>{r.title}</Link> : r.title,
                  }))
                : []
            }
          />
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
