import { type CategoryMenu, type CategoryNode, categoryMenuNames, categoryMenus } from '@yaocai/domain';
import { ApiError } from '@yaocai/web-client';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tabs } from 'antd';
import { useState } from 'react';
import { unreportedMessage } from '../../../lib/form-errors';
import { useCategories, useDeleteCategory, useSaveCategory } from '../api/categories';

type Editing = { id: number | null; parent_id?: number } | undefined;

const fieldErrors = (error: unknown) =>
  error instanceof ApiError && error.status === 422
    ? ((error.data as { errors?: Record<string, string[]> } | null)?.errors ?? {})
    : null;

/** One menu: its two-level tree, add / edit / delete (refused while goods or children use it). */
function MenuTab({ menu }: { menu: CategoryMenu }) {
  const { message } = useFeedback();
  const { data, isLoading } = useCategories(menu);
  const save = useSaveCategory();
  const remove = useDeleteCategory();
  const [form] = Form.useForm();
  const [editing, setEditing] = useState<Editing>(undefined);
  const [folded, setFolded] = useState<number[]>([]);
  const list = data ?? [];
  const top = list.filter((c) => c.parent_id === null);
  const tree = top.map((t) => {
    const children = list.filter((c) => c.parent_id === t.id);
    return { ...t, children: children.length ? children : undefined };
  });

  const open = (item: CategoryNode | null, parentId?: number) => {
    form.resetFields();
    form.setFieldsValue(
      item
        ? { name: item.name, code: item.code, sort: item.sort, parent_id: item.parent_id ?? 0 }
        : { parent_id: parentId ?? 0, sort: 0 },
    );
    setEditing({ id: item?.id ?? null });
  };
  const submit = async () => {
    // An invalid form ends quietly in the catch: its messages are under its fields.
    try {
      const values = await form.validateFields();
      await save.mutateAsync({ id: editing?.id ?? null, body: { ...values, menu } });
      message.success('已保存，商城分类即时更新');
      setEditing(undefined);
    } catch (error) {
      const errors = fieldErrors(error);
      if (errors) form.setFields(Object.entries(errors).map(([name, list]) => ({ name, errors: list })));
      else {
        const text = unreportedMessage(error, '保存失败');
        if (text) message.error(text);
      }
    }
  };
  const onDelete = async (id: number) => {
    try {
      await remove.mutateAsync({ id });
      message.success('已删除');
    } catch (error) {
      // The refusal (该分类下还有N个商品…) was shown by the http client.
      const text = unreportedMessage(error, '删除失败');
      if (text) message.error(text);
    }
  };

  return (
    <>
      <Button
        type="primary"
        style={{ marginBottom: 12 }}
        onClick={() => open(null)}
        data-testid="admin-category-add"
      >
        添加一级分类
      </Button>
      <Table<CategoryNode & { children?: CategoryNode[] }>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={tree}
        pagination={false}
        // Every top category open unless the operator folds it: a menu is two short levels.
        expandable={{
          expandedRowKeys: top.filter((t) => !folded.includes(t.id)).map((t) => t.id),
          onExpand: (open, row) =>
            setFolded(open ? folded.filter((id) => id !== row.id) : [...folded, row.id]),
        }}
        columns={[
          { title: '分类名称', dataIndex: 'name' },
          { title: '编码', dataIndex: 'code' },
          { title: '排序', dataIndex: 'sort', width: 80 },
          { title: '商品数', dataIndex: 'goods', width: 90 },
          {
            title: '操作',
            key: 'actions',
            width: 220,
            render: (_, item) => (
              <Space size={0}>
                <Button type="link" size="small" onClick={() => open(item)}>
                  编辑
                </Button>
                {item.parent_id === null && (
                  <Button type="link" size="small" onClick={() => open(null, item.id)}>
                    添加子分类
                  </Button>
                )}
                <Popconfirm title={`确定删除「${item.name}」？`} onConfirm={() => onDelete(item.id)}>
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
        title={editing?.id ? '编辑分类' : '添加分类'}
        onOk={submit}
        confirmLoading={save.isPending}
        onCancel={() => setEditing(undefined)}
        okText="保存"
        destroyOnHidden
      >
        <Form form={form} layout="vertical" data-testid="admin-category-form">
          <Form.Item name="parent_id" label="上级分类">
            <Select
              options={[
                { value: 0, label: '无（一级分类）' },
                ...top.filter((t) => t.id !== editing?.id).map((t) => ({ value: t.id, label: t.name })),
              ]}
            />
          </Form.Item>
          <Form.Item name="name" label="分类名称" required>
            <Input maxLength={20} data-testid="admin-category-name" />
          </Form.Item>
          <Form.Item
            name="code"
            label="分类编码"
            extra="小写字母、数字和连字符；留空自动生成（导入商品时按编码归类）"
          >
            <Input maxLength={40} />
          </Form.Item>
          <Form.Item name="sort" label="排序（小的在前）">
            <InputNumber min={0} max={9999} precision={0} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** 分类管理: the four category menus of the shop's header. */
export default function CategoriesPage() {
  return (
    <Card title="分类管理" data-testid="admin-categories">
      <Tabs
        destroyInactiveTabPane
        items={categoryMenus.map((menu) => ({
          key: menu,
          label: categoryMenuNames[menu],
          children: <MenuTab menu={menu} />,
        }))}
      />
    </Card>
  );
}
