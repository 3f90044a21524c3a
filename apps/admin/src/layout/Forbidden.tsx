import { type PermissionCode, permissionName } from '@yaocai/domain';
import { Button } from 'antd';
import { Link } from 'react-router';
import { Notice } from './Notice';

/** The access guard's answer: the screen needs a permission the operator does not hold. */
export function Forbidden({ permission }: { permission?: PermissionCode }) {
  return (
    <Notice
      code="403"
      title="没有访问权限"
      testId="admin-forbidden"
      extra={
        <Link to="/">
          <Button type="primary">返回首页</Button>
        </Link>
      }
    >
      您没有「{permission ? permissionName(permission) : ''}
      」权限，无法打开此页面。如需使用，请联系超级管理员分配角色。
    </Notice>
  );
}
