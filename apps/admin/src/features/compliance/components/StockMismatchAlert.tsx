import { Alert, Table, Typography } from 'antd';
import { useStockMismatches } from '../api/records';

/**
 * A warning over 质量记录 when any goods' stock in a warehouse disagrees with its batches
 * (stock + units held by unshipped orders != batch total): a GSP record that cannot be trusted
 * until the warehouse counts it. Nothing shows while they agree.
 */
export function StockMismatchAlert() {
  const mismatches = useStockMismatches(true);
  const list = mismatches.data ?? [];
  if (list.length === 0) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="admin-stock-mismatch"
      message={`库存与批次不一致：${list.length} 个商品仓库`}
      description={
        <>
          <Typography.Paragraph type="secondary">
            可售库存加未发货订单占用应等于各批次数量之和。请盘点后在「商品管理 → 批次」中修正批次数量。
          </Typography.Paragraph>
          <Table
            rowKey={(r) => `${r.goods_id}-${r.warehouse_id}`}
            size="small"
            pagination={list.length > 10 ? { pageSize: 10 } : false}
            dataSource={list}
            columns={[
              { title: '商品', render: (_, r) => `${r.goods_name}（${r.spec}）` },
              { title: '仓库', dataIndex: 'warehouse', width: 140 },
              { title: '可售库存', dataIndex: 'stock', width: 90, align: 'right' },
              { title: '未发货占用', dataIndex: 'held', width: 100, align: 'right' },
              { title: '批次合计', dataIndex: 'batch_total', width: 90, align: 'right' },
              {
                title: '差额',
                dataIndex: 'difference',
                width: 80,
                align: 'right',
                render: (v: number) => (v > 0 ? `+${v}` : String(v)),
              },
            ]}
          />
        </>
      }
    />
  );
}
