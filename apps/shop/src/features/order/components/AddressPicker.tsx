import type { AddressView } from '@yaocai/domain';
import { Button, Card, Empty, Radio, Space } from 'antd';
import { useState } from 'react';
import { useAddresses } from '../api/addresses';
import { AddressFormModal } from './AddressFormModal';

interface Props {
  value?: number;
  onChange(id: number): void;
}

/** Choose the delivery address of the order; add or edit one in place. */
export function AddressPicker({ value, onChange }: Props) {
  const { data: list = [] } = useAddresses();
  const [editing, setEditing] = useState<AddressView | undefined>();
  const [open, setOpen] = useState(false);
  const selected = value ?? list.find((a) => a.is_default)?.id ?? list[0]?.id;
  return (
    <Card
      title="收货地址"
      size="small"
      extra={
        <Button
          type="link"
          onClick={() => {
            setEditing(undefined);
            setOpen(true);
          }}
          data-testid="address-add"
        >
          + 新增收货地址
        </Button>
      }
    >
      {list.length === 0 ? (
        <Empty description="暂无收货地址，请先新增" />
      ) : (
        <Radio.Group value={selected} onChange={(e) => onChange(e.target.value)} style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {list.map((a) => (
              <Radio key={a.id} value={a.id} data-testid="address-option">
                <strong>{a.consignee}</strong> {a.phone} {a.full}
                {a.is_default && <span style={{ color: '#fa8c16', marginLeft: 8 }}>[默认]</span>}
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
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      <AddressFormModal open={open} address={editing} onClose={() => setOpen(false)} onSaved={onChange} />
    </Card>
  );
}
