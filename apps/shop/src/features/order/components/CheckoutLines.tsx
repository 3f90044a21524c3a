import type { CheckoutLineView, CheckoutPreview } from '@yaocai/domain';
import { Tag } from 'antd';
import { Card } from '../../../components/Card';
import { PlainTable } from '../../../components/PlainTable';
import { yuan } from './Amounts';
import { LineKindTag } from './LineKindTag';

/**
 * The gifts (赠品) and 换购 goods a line earns, under it: each becomes an order line of its own
 * (tagged as on the order detail); a 换购's price is already in the line's 小计.
 */
function EarnedGifts({ gifts }: { gifts: CheckoutLineView['gifts'] }) {
  return gifts.map((g) => (
    <div key={`${g.kind}:${g.goods_id}`} style={{ marginTop: 4 }} data-testid="checkout-gift">
      <LineKindTag kind={g.kind} label={g.kind_label} testId="checkout-gift-kind" />
      {g.name} {g.ephedrine && <Tag color="red">含麻</Tag>}
      <span style={{ marginLeft: 8, color: '#707070' }}>
        {g.spec} / {g.manufacturer}
      </span>
      <span style={{ marginLeft: 12 }}>
        ×{g.quantity}
        {g.unit}
      </span>
      <span style={{ marginLeft: 12, color: g.price > 0 ? undefined : '#c62828' }}>
        {g.price > 0 ? `${yuan(g.price)}/${g.unit}，已计入小计` : '免费'}
      </span>
    </div>
  ));
}

/** The selected lines, one table per warehouse. */
export function CheckoutLines({ groups }: { groups: CheckoutPreview['groups'] }) {
  return (
    <>
      {groups.map((g) => (
        <Card
          key={g.warehouse_id}
          size="small"
          title={`发货仓库：${g.warehouse_name}`}
          style={{ marginTop: 12 }}
        >
          <PlainTable
            rowKey={(l) => l.cart_id}
            rows={g.lines}
            columns={[
              {
                title: '商品',
                render: (l) => (
                  <div>
                    <strong>{l.name}</strong> {l.ephedrine && <Tag color="red">含麻</Tag>}
                    <div style={{ color: '#707070' }}>
                      {l.spec} / {l.manufacturer}
                    </div>
                    <EarnedGifts gifts={l.gifts} />
                  </div>
                ),
              },
              { title: '单价', render: (l) => yuan(l.price), width: 110 },
              { title: '数量', render: (l) => `${l.quantity}${l.unit}`, width: 90 },
              { title: '优惠', render: (l) => (l.reduction > 0 ? `-${yuan(l.reduction)}` : '-'), width: 100 },
              { title: '小计', render: (l) => yuan(l.payable), width: 120 },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
