import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useAddWarehouse } from '../api/goods';

/**
 * 新增仓库 beside the batch form's warehouse picker: a new installation has no warehouse, and a
 * batch is always received into one. Calls back with the new warehouse so the form selects it.
 */
export function AddWarehouseButton({ onAdded }: { onAdded: (id: number) => void }) {
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddWarehouse();
  const submit = async ({ name }: { name: string }) => {
    await add
      .mutateAsync({ name })
      .then((warehouse) => {
        message.success('仓库已添加');
        setOpen(false);
        form.resetFields();
        onAdded(warehouse.id);
      })
      .catch(() => {});
  };
  return (
    <>
      <Button type="link" onClick={() => setOpen(true)} data-testid="admin-warehouse-add">
        新增仓库
      </Button>
      <Modal
        title="新增仓库"
        open={open}
        okText="添加"
        confirmLoading={add.isPending}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" onFinish={submit} preserve={false}>
          <Form.Item
            name="name"
            label="仓库名称"
            rules={[
              { required: true, message: '请填写仓库名称' },
              { min: 2, max: 30, message: '仓库名称2到30个字' },
            ]}
          >
            <Input placeholder="如：主仓（杭州）" aria-label="仓库名称" maxLength={30} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
