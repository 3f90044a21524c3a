import type { CheckoutPreview } from '@yaocai/domain';
import { Collapse, Tag } from 'antd';
import { PlainTable } from '../../../components/PlainTable';
import { yuan } from './Amounts';

/**
 * Step 2's coupon line by line (each line's share, adding up to the coupon) and the stacking
 * rules (优惠说明) the server priced the order by.
 */
export function CouponSplit({
  split,
  stacking,
}: Pick<CheckoutPreview, 'stacking'> & { split: CheckoutPreview['coupon_split'] }) {
  return (
    <div style={{ marginBottom: 12 }}>
      {split.length > 0 && (
        <PlainTable
          rowKey={(row) => row.cart_id}
          rows={split}
          testId="coupon-split"
          caption="优惠券分摊明细"
          columns={[
            { title: '商品', render: (row) => row.name },
            { title: '参与金额', align: 'right', render: (row) => yuan(row.amount) },
            {
              title: '优惠券分摊',
              align: 'right',
              render: (row) => <span style={{ color: '#c62828' }}>-{yuan(row.share)}</span>,
            },
          ]}
        />
      )}
      <Collapse
        size="small"
        style={{ marginTop: 8 }}
        data-testid="stacking-rules"
        items={[
          {
            key: 'rules',
            label: '优惠说明',
            children: (
              <ul style={{ margin: 0, paddingLeft: 18 }}>
                {stacking.map((row) => (
                  <li key={row.kind} style={{ marginBottom: 4 }}>
                    <strong>{row.label}</strong>：
                    {row.with.map((w) => (
                      <Tag key={w.label} color={w.allowed ? 'green' : 'default'}>
                        {w.allowed ? '可叠加' : '不叠加'}
                        {w.label}
                      </Tag>
                    ))}
                  </li>
                ))}
                <li>每单限用一张平台优惠券；注明“特价商品不参与”的券不分摊到特价商品。</li>
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}
