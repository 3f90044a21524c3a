import type { GoodsSummary } from '@yaocai/domain';
import { Link } from 'react-router';
import { detailHref } from '../../lib/goods/goods-view';
import { Highlighted } from '../Highlighted';
import { type LightColumn, LightTable } from '../LightTable';
import { BuyBox } from './BuyBox';
import { ExpiryText } from './ExpiryText';
import { LadderPriceTable } from './LadderPriceTable';
import { PriceTag } from './PriceTag';
import { RxBadge } from './RxBadge';
import { TagBadges } from './TagBadges';

const columns: LightColumn<GoodsSummary>[] = [
  {
    title: '商品名称',
    key: 'name',
    width: 210,
    render: (_, g) => (
      <div>
        <Link to={detailHref(g)} className="yc-goods-link">
          <RxBadge goods={g} />
          <Highlighted text={g.name} ranges={g.hl} />
        </Link>
        <div className="yc-muted">{g.common_name}</div>
        <TagBadges tags={g.tags} />
      </div>
    ),
  },
  { title: '规格/单位', key: 'ypgg', width: 120, render: (_, g) => `${g.ypgg}/${g.bzdw}` },
  { title: '生产厂家', dataIndex: 'sccj', ellipsis: true },
  { title: '批准文号', dataIndex: 'approval_no', width: 130 },
  { title: '效期', key: 'expires_on', width: 110, render: (_, g) => <ExpiryText goods={g} /> },
  { title: '中包装', dataIndex: 'step_quantity', width: 60, align: 'center' },
  {
    title: '库存',
    dataIndex: 'number',
    width: 70,
    align: 'right',
    render: (n: number) => (n > 0 ? n : <span style={{ color: '#707070' }}>缺货</span>),
  },
  {
    title: '价格',
    key: 'price',
    width: 150,
    render: (_, g) => (
      <div>
        <PriceTag goods={g} />
        <LadderPriceTable goods={g} compact />
      </div>
    ),
  },
  // 232: the compact BuyBox (stepper and button, 215 px) and the cell's padding and border.
  { title: '采购数量', key: 'buy', width: 232, render: (_, g) => <BuyBox goods={g} compact /> },
];

/** Dense table for professional buyers: every field a purchaser compares, one row per goods. */
export function GoodsTable({ goods, loading }: { goods: GoodsSummary[]; loading?: boolean }) {
  return (
    <LightTable<GoodsSummary>
      data-testid="goods-table"
      rowKey="id"
      size="small"
      bordered
      columns={columns}
      dataSource={goods}
      loading={loading}
      pagination={false}
    />
  );
}
