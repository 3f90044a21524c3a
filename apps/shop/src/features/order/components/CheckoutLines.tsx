import type { CheckoutLineView, CheckoutPreview } from '@yaocai/domain';
import { Card, Table, Tag } from 'antd';
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
          <Table
            rowKey="cart_id"
            size="small"
            pagination={false}
            dataSource={g.lines}
            columns={[
              {
                title: '商品',
                render: (_, l) => (
                  <div>
                    <strong>{l.name}</strong> {l.ephedrine && <Tag color="red">含麻</Tag>}
                    <div style={{ color: '#707070' }}>
                      {l.spec} / {l.manufacturer}
                    </div>
                    <EarnedGifts gifts={l.gifts} />
                  </div>
                ),
              },
              { title: '单价', dataIndex: 'price', render: yuan, width: 110 },
              { title: '数量', render: (_, l) => `${l.quantity}${l.unit}`, width: 90 },
              {
                title: '优惠',
                dataIndex: 'reduction',
                render: (v: number) => (v > 0 ? `-${yuan(v)}` : '-'),
                width: 100,
              },
              { title: '小计', dataIndex: 'payable', render: yuan, width: 120 },
            ]}
          />
        </Card>
      ))}
    </>
  );
}
