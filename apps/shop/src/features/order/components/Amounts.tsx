import { formatYuan, fromYuan } from '@yaocai/domain';
import { Descriptions } from 'antd';

interface Props {
  goods: number;
  reductions: { label: string; amount: number }[];
  shipping: number;
  total: number;
  totalLabel?: string;
  /** Said after the shipping figure (e.g. what counted towards free shipping). */
  shippingNote?: string;
}

/** The money summary: goods, every reduction line by line, shipping, payable total. */
export function Amounts({
  goods,
  reductions,
  shipping,
  total,
  totalLabel = '应付总额',
  shippingNote,
}: Props) {
  const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));
  return (
    <Descriptions
      column={1}
      size="small"
      bordered
      style={{ maxWidth: 420, marginLeft: 'auto' }}
      data-testid="amounts"
    >
      <Descriptions.Item label="商品金额">{yuan(goods)}</Descriptions.Item>
      {reductions.map((r) => (
        <Descriptions.Item key={r.label} label={r.label}>
          -{yuan(r.amount)}
        </Descriptions.Item>
      ))}
      <Descriptions.Item label="运费">
        {shipping > 0 ? `+${yuan(shipping)}` : '包邮'}
        {shippingNote && <span data-testid="shipping-note">{shippingNote}</span>}
      </Descriptions.Item>
      <Descriptions.Item label={totalLabel}>
        <strong style={{ color: '#c62828', fontSize: 18 }} data-testid="payable-total">
          {yuan(total)}
        </strong>
      </Descriptions.Item>
    </Descriptions>
  );
}

export const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));
