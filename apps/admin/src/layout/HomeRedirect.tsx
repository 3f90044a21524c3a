import { Result } from 'antd';
import { Navigate } from 'react-router';
import { homePathFor } from '../app/routes';
import { useMe } from '../features/auth/api/operator';

/** /admin/: the first screen the operator may use; an operator without any role is told so. */
export function HomeRedirect() {
  const { data: me } = useMe();
  const home = me && homePathFor(me.permissions);
  if (home) return <Navigate to={home} replace />;
  return (
    <Result
      status="403"
      title="尚未分配角色"
      subTitle="您的账号还没有可用的功能，请联系超级管理员分配角色。"
    />
  );
}
