import { adPositions, type ContentItem, type ContentKind, contentKindNames } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Form, Modal, Popconfirm, Space, Table } from 'antd';
import { useState } from 'react';
import { showFieldErrors } from '../../../lib/form-errors';
import { useContent, useDeleteContent, useSaveContent } from '../api/content';
import { contentFields } from './content-fields';

const positions = new Map<string, string>(adPositions.map((p) => [p.code, p.name]));

/** One kind of content: its table, and a form to add or edit a row (the server's 422 shows per field). */
export function ContentTab({ kind }: { kind: ContentKind }) {
  const { message } = useFeedback();
  const { data, isLoading } = useContent(kind);
  const save = useSaveContent();
  const remove = useDeleteContent();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<ContentItem | null | undefined>(undefined);
  const items = data?.items ?? [];
  const parents = items.filter((i) => kind === 'nav' && i.parent_id === null) as unknown as {
    id: number;
    name: string;
  }[];
  const fields = contentFields(kind, data?.help_categories ?? [], parents);
  const context = { positions, parents: new Map(parents.map((p) => [p.id, p.name])) };

  const open = (item: ContentItem | null) => {
    form.resetFields();
    if (item) form.setFieldsValue(item);
    setEditing(item);
  };
  const submit = async () => {
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const values = await form.validateFields();
      await save.mutateAsync({ kind, id: editing ? editing.id : null, body: values });
      message.success(editing ? '已保存' : '已添加');
      setEditing(undefined);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  return (
    <>
      <Button
        type="primary"
        style={{ marginBottom: 12 }}
        onClick={() => open(null)}
        data-testid={`admin-content-add-${kind}`}
      >
        添加{contentKindNames[kind]}
      </Button>
      <Table<ContentItem>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={items}
        pagination={{ pageSize: 20 }}
        columns={[
          ...fields
            .filter((f) => f.column)
            .map((f) => ({
              title: f.label.replace(/（.*$/, ''),
              key: f.name,
              render: (_: unknown, item: ContentItem) => f.column?.(item, context),
            })),
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, item: ContentItem) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(item)}>
                  编辑
                </Button>
                <Popconfirm
                  title="确定删除？"
                  onConfirm={() =>
                    remove
                      .mutateAsync({ kind, id: item.id })
                      .then(() => void message.success('已删除'))
                      .catch(() => {})
                  }
                >
                  <Button type="link" size="small" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== undefined}
        title={`${editing ? '编辑' : '添加'}${contentKindNames[kind]}`}
        okText="保存"
        confirmLoading={save.isPending}
        onOk={submit}
        onCancel={() => setEditing(undefined)}
        forceRender
        width={640}
      >
        <Form form={form} layout="vertical" data-testid="admin-content-form">
          {fields.map((f) => (
            <Form.Item
              key={f.name}
              name={f.name}
              label={f.label}
              rules={
                f.required
                  ? [{ required: true, message: `请填写${f.label.replace(/（.*$/, '')}` }]
                  : undefined
              }
              valuePropName={f.boolean ? 'checked' : 'value'}
              {...(f.single
                ? {
                    getValueProps: (v: string) => ({ value: v ? [v] : [] }),
                    normalize: (list: string[]) => list[0] ?? '',
                  }
                : {})}
            >
              {f.editor}
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
