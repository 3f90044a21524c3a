import { Button, Empty, Space } from 'antd';
import { Card } from '../../../components/Card';
import '../../../components/light-field.css';
import { useAddresses } from '../api/addresses';
import { AddressSummary } from './AddressSummary';
import { useAddressEditor } from './address-editor';

interface Props {
  value?: number;
  onChange(id: number): void;
}

/** Choose the delivery address of the order; add or edit one in place. */
export function AddressPicker({ value, onChange }: Props) {
  const { data: list = [], isPending } = useAddresses();
  const editor = useAddressEditor(onChange);
  const selected = value ?? list.find((a) => a.is_default)?.id ?? list[0]?.id;
  return (
    <Card
      title="收货地址"
      size="small"
      // No "no address yet" while the list is still on its way.
      loading={isPending}
      extra={
        <Button type="link" onClick={editor.add} data-testid="address-add">
          + 新增收货地址
        </Button>
      }
    >
      {list.length === 0 ? (
        <Empty description="暂无收货地址，请先新增" />
      ) : (
        // Native radios in antd Radio's look (light-field.css): antd's Radio brought its form
        // context (rc-field-form) into the checkout.
        <div role="radiogroup" aria-label="收货地址" style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {list.map((a) => (
              <label key={a.id} className="yc-radio">
                <input
                  type="radio"
                  name="delivery-address"
                  value={a.id}
                  checked={a.id === selected}
                  onChange={() => onChange(a.id)}
                  data-testid="address-option"
                />
                <span>
                  <AddressSummary address={a} />
                  <Button type="link" size="small" onClick={() => editor.edit(a)}>
                    编辑
                  </Button>
                </span>
              </label>
            ))}
          </Space>
        </div>
      )}
      {editor.dialog}
    </Card>
  );
}
