import { permissionName, type RoleView } from '@yaocai/domain';
import { Card, Table, Tag } from 'antd';

/** The roles and the permissions each grants. */
export function RolesCard({ roles }: { roles: RoleView[] }) {
  return (
    <Card title="角色与权限" style={{ marginTop: 16 }} data-testid="admin-roles">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={roles}
        columns={[
          { title: '角色', dataIndex: 'name', width: 120 },
          {
            title: '权限',
            render: (_, r) =>
              r.all_permissions ? (
                <Tag color="red">全部权限</Tag>
              ) : (
                r.permissions.map((p) => <Tag key={p}>{permissionName(p)}</Tag>)
              ),
          },
        ]}
      />
    </Card>
  );
}
