import { Navigate } from 'react-router';
import { homePathFor } from '../app/routes';
import { useMe } from '../lib/me';
import { Notice } from './Notice';

/** /admin/: the first screen the operator may use; an operator whose roles open no screen yet is told so. */
export function HomeRedirect() {
  const { data: me } = useMe();
  const home = me && homePathFor(me.permissions);
  if (home) return <Navigate to={home} replace />;
  return (
    <Notice code="403" title="暂无可用页面" testId="admin-no-screens">
      您的角色还没有可用的页面，如需使用请联系超级管理员分配角色。
    </Notice>
  );
}
