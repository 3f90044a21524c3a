import type { OperatorView } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import {
  useCreateOperator,
  useOperators,
  useResetOperatorPassword,
  useRoles,
  useSetOperatorStatus,
  useUpdateOperator,
} from '../api/operators';
import { OperatorForm, type OperatorFormValues, PASSWORD_RULE } from '../components/OperatorForm';
import { RolesCard } from '../components/RolesCard';

/** Operator accounts (超级管理员): create, edit roles, reset a password, disable or enable. */
export default function OperatorsPage() {
  const { message, modal } = useFeedback();
  const { data: operators = [], isLoading } = useOperators();
  const { data: roles = [] } = useRoles();
  const [editing, setEditing] = useState<OperatorView | null | undefined>(undefined);
  const create = useCreateOperator();
  const update = useUpdateOperator();
  const reset = useResetOperatorPassword();
  const status = useSetOperatorStatus();
  const roleName = (id: number) => roles.find((r) => r.id === id)?.name ?? id;

  const save = async (values: OperatorFormValues) => {
    try {
      if (editing) await update.mutateAsync({ id: editing.id, name: values.name, role_ids: values.role_ids });
      else
        await create.mutateAsync({
          ...values,
          username: values.username ?? '',
          password: values.password ?? '',
        });
      message.success('已保存');
      setEditing(undefined);
    } catch {
      // the HTTP client has already shown the refusal (温馨提示 or toast)
    }
  };
  const resetPassword = (o: OperatorView) => {
    let password = '';
    modal.confirm({
      title: `重置 ${o.username} 的密码`,
      content: (
        <Form layout="vertical">
          <Form.Item label="新密码" rules={[PASSWORD_RULE]} extra="重置后该操作员的登录立即失效">
            <Input.Password onChange={(e) => (password = e.target.value)} autoComplete="new-password" />
          </Form.Item>
        </Form>
      ),
      onOk: () => reset.mutateAsync({ id: o.id, password }).then(() => void message.success('密码已重置')),
    });
  };
  const toggle = (o: OperatorView) =>
    modal.confirm({
      title: o.disabled ? `启用 ${o.username}？` : `停用 ${o.username}？`,
      content: o.disabled ? undefined : '停用后该操作员立即退出，且不能再登录。',
      onOk: () =>
        status.mutateAsync({ id: o.id, disabled: !o.disabled }).then(() => void message.success('已保存')),
    });

  return (
    <>
      <Card
        title="操作员"
        extra={
          <Button type="primary" onClick={() => setEditing(null)} data-testid="admin-operator-create">
            新建操作员
          </Button>
        }
        data-testid="admin-operators"
      >
        <Table
          rowKey="id"
          size="small"
          loading={isLoading}
          dataSource={operators}
          pagination={false}
          columns={[
            { title: '用户名', dataIndex: 'username' },
            { title: '姓名', dataIndex: 'name' },
            { title: '角色', render: (_, o) => o.role_ids.map((id) => <Tag key={id}>{roleName(id)}</Tag>) },
            {
              title: '状态',
              render: (_, o) => (o.disabled ? <Tag color="red">已停用</Tag> : <Tag color="green">正常</Tag>),
            },
            {
              title: '操作',
              render: (_, o) => (
                <Space size={0}>
                  <Button type="link" size="small" onClick={() => setEditing(o)}>
                    编辑
                  </Button>
                  <Button type="link" size="small" onClick={() => resetPassword(o)}>
                    重置密码
                  </Button>
                  <Button type="link" size="small" danger={!o.disabled} onClick={() => toggle(o)}>
                    {o.disabled ? '启用' : '停用'}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <RolesCard roles={roles} />
      <OperatorForm
        operator={editing}
        roles={roles}
        busy={create.isPending || update.isPending}
        onSubmit={save}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
