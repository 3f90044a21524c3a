import type { GoodsSummary } from '@yaocai/domain';
import { ladderRows, ladderSummary } from '@yaocai/domain/catalog/ladder-text';

interface Props {
  goods: Pick<GoodsSummary, 'ladder_price' | 'ladder_price_type' | 'bzdw' | 'base_price'>;
  /** One line ("1-9盒 ¥8.50 / 10-49盒 ¥8.00") instead of a table. */
  compact?: boolean;
  /** Highlights the tier in effect for this quantity. */
  quantity?: number;
}

/** Ladder prices in words; nothing when the goods has no ladder or prices are hidden. */
export function LadderPriceTable({ goods, compact, quantity }: Props) {
  if (goods.base_price === null || goods.ladder_price.length === 0) return null;
  const rows = ladderRows(goods.ladder_price_type, goods.ladder_price, goods.bzdw);
  if (compact)
    return (
      <div className="yc-muted" title={ladderSummary(rows)}>
        {ladderSummary(rows)}
      </div>
    );
  const upperBound = goods.ladder_price_type === 1;
  const active = quantity === undefined ? -1 : activeRow(goods, quantity);
  return (
    <div data-testid="ladder-prices" style={{ margin: '8px 0' }}>
      <div style={{ color: '#707070', fontSize: 12, marginBottom: 4 }}>
        阶梯价（
        {upperBound
          ? '按购买数量区间计价'
          : `满足数量即享优惠价，不足时按原价 ¥${goods.base_price.toFixed(2)}`}
        ）
      </div>
      <div style={{ display: 'flex', border: '1px solid #ffd8d8', width: 'fit-content' }}>
        {rows.map((row, i) => (
          <div
            key={row.range}
            style={{
              padding: '6px 16px',
              textAlign: 'center',
              borderLeft: i ? '1px solid #ffd8d8' : undefined,
              background: i === active ? '#fff1f0' : '#fff',
            }}
          >
            <div style={{ fontSize: 12, color: '#666' }}>{row.range}</div>
            <div className="yc-price">¥{row.price.toFixed(2)}</div>
          </div>
        ))}
      </div>
    </div>
  );
}

function activeRow(goods: Props['goods'], quantity: number): number {
  const tiers = [...goods.ladder_price].sort((a, b) => a.number - b.number);
  if (goods.ladder_price_type === 1) {
    const i = tiers.findIndex((t) => quantity <= t.number);
    return i === -1 ? tiers.length - 1 : i;
  }
  let found = -1;
  tiers.forEach((t, i) => {
    if (t.number <= quantity) found = i;
  });
  return found;
}
