import { formatYuan, fromYuan } from '@yaocai/domain';
import { LightDescriptions } from '../../../components/LightDescriptions';

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
    <LightDescriptions
      column={1}
      size="small"
      bordered
      style={{ maxWidth: 420, marginLeft: 'auto' }}
      data-testid="amounts"
      items={[
        { key: 'goods', label: '商品金额', children: yuan(goods) },
        ...reductions.map((r) => ({ key: r.label, label: r.label, children: `-${yuan(r.amount)}` })),
        {
          key: 'shipping',
          label: '运费',
          children: (
            <>
              {shipping > 0 ? `+${yuan(shipping)}` : '包邮'}
              {shippingNote && <span data-testid="shipping-note">{shippingNote}</span>}
            </>
          ),
        },
        {
          key: 'total',
          label: totalLabel,
          children: (
            <strong style={{ color: '#c62828', fontSize: 18 }} data-testid="payable-total">
              {yuan(total)}
            </strong>
          ),
        },
      ]}
    />
  );
}

export const yuan = (v: number) => formatYuan(fromYuan(v.toFixed(2)));
