import { type OperatorView, type RoleView, strongPasswordProblem } from '@yaocai/domain';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';

export interface OperatorFormValues {
  username?: string;
  name: string;
  password?: string;
  role_ids: number[];
}

interface Props {
  /** The operator edited; null to create one; undefined when closed. */
  operator: OperatorView | null | undefined;
  roles: RoleView[];
  busy: boolean;
  onSubmit(values: OperatorFormValues): void;
  onClose(): void;
}

/** The operator password rule of packages/domain (the server checks the same). */
const PASSWORD_RULE = {
  validator: (_rule: unknown, value: string | undefined) => {
    const problem = value ? strongPasswordProblem(value) : undefined;
    return problem ? Promise.reject(new Error(problem.zh)) : Promise.resolve();
  },
};

/** Create an operator (user name, name, password, roles) or change one's name and roles. */
export function OperatorForm({ operator, roles, busy, onSubmit, onClose }: Props) {
  const [form] = Form.useForm<OperatorFormValues>();
  const creating = operator === null;
  useEffect(() => {
    if (operator === undefined) return;
    form.resetFields();
    if (operator) form.setFieldsValue({ name: operator.name, role_ids: operator.role_ids });
  }, [operator, form]);
  return (
    <Modal
      open={operator !== undefined}
      title={creating ? '新建操作员' : `编辑操作员：${operator?.username ?? ''}`}
      okText="保存"
      confirmLoading={busy}
      onOk={async () => onSubmit(await form.validateFields())}
      onCancel={onClose}
      forceRender
    >
      <Form form={form} layout="vertical">
        {creating && (
          <Form.Item
            name="username"
            label="用户名"
            rules={[
              { required: true, message: '请填写用户名' },
              {
                pattern: /^[a-z][a-z0-9_]{2,29}$/,
                message: '用户名为3-30位小写字母、数字或下划线，以字母开头',
              },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label="姓名"
          rules={[{ required: true, min: 2, max: 20, message: '姓名为2-20个字' }]}
        >
          <Input />
        </Form.Item>
        {creating && (
          <Form.Item
            name="password"
            label="初始密码"
            rules={[{ required: true, message: '请填写初始密码' }, PASSWORD_RULE]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        <Form.Item name="role_ids" label="角色" rules={[{ required: true, message: '请至少选择一个角色' }]}>
          <Select mode="multiple" options={roles.map((r) => ({ value: r.id, label: r.name }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export { PASSWORD_RULE };
