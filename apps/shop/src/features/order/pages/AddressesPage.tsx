import { useFeedback } from '@yaocai/web-client/feedback';
import { Button, Space } from 'antd';
import { Card } from '../../../components/Card';
import { LightTable } from '../../../components/LightTable';
import { useAddressAction, useAddresses } from '../api/addresses';
import { DefaultAddressTag } from '../components/AddressSummary';
import { useAddressEditor } from '../components/address-editor';

/** /addr — delivery addresses: add, edit, make default, delete. */
export default function AddressesPage() {
  const { modal } = useFeedback();
  const { data = [] } = useAddresses();
  const action = useAddressAction();
  const editor = useAddressEditor();
  return (
    <Card
      title="收货地址"
      className="sh-container sh-page"
      data-testid="addresses-page"
      extra={
        <Button type="primary" onClick={editor.add} data-testid="address-add">
          新增收货地址
        </Button>
      }
    >
      <LightTable
        rowKey="id"
        pagination={false}
        dataSource={data}
        columns={[
          { title: '收货人', dataIndex: 'consignee' },
          { title: '联系电话', dataIndex: 'phone' },
          { title: '收货地址', dataIndex: 'full' },
          {
            title: <span className="yc-sr-only">默认地址</span>,
            render: (_, a) => a.is_default && <DefaultAddressTag />,
          },
          {
            title: '操作',
            render: (_, a) => (
              <Space>
                <Button type="link" size="small" onClick={() => editor.edit(a)}>
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
      {editor.dialog}
    </Card>
  );
}
