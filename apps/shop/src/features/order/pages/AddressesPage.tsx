import type { AddressView } from '@yaocai/domain';
import { App, Button, Card, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useAddressAction, useAddresses } from '../api/addresses';
import { AddressFormModal } from '../components/AddressFormModal';

/** /addr — delivery addresses: add, edit, make default, delete. */
export default function AddressesPage() {
  const { modal } = App.useApp();
  const { data = [] } = useAddresses();
  const action = useAddressAction();
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<AddressView>();
  return (
    <Card
      style={{ margin: '16px 0' }}
      title="收货地址"
      data-testid="addresses-page"
      extra={
        <Button
          type="primary"
          onClick={() => {
            setEditing(undefined);
            setOpen(true);
          }}
          data-testid="address-add"
        >
          新增收货地址
        </Button>
      }
    >
      <Table
        rowKey="id"
        pagination={false}
        dataSource={data}
        columns={[
          { title: '收货人', dataIndex: 'consignee' },
          { title: '联系电话', dataIndex: 'phone' },
          { title: '收货地址', dataIndex: 'full' },
          { title: '', render: (_, a) => a.is_default && <Tag color="orange">默认地址</Tag> },
          {
            title: '操作',
            render: (_, a) => (
              <Space>
                <Button
                  type="link"
                  size="small"
                  onClick={() => {
                    setEditing(a);
                    setOpen(true);
                  }}
                >
                  编辑
                </Button>
                {!a.is_default && (
                  <Button
                    type="link"
                    size="small"
                    onClick={() => action.mutate({ id: a.id, action: 'default' })}
                  >
                    设为默认
                  </Button>
                )}
                <Button
                  type="link"
                  size="small"
                  danger
                  onClick={() =>
                    modal.confirm({
                      title: '温馨提示',
                      content: '确定删除该地址吗？',
                      onOk: () => action.mutateAsync({ id: a.id, action: 'delete' }),
                    })
                  }
                >
                  删除
                </Button>
              </Space>
            ),
          },
        ]}
      />
      <AddressFormModal open={open} address={editing} onClose={() => setOpen(false)} />
    </Card>
  );
}
