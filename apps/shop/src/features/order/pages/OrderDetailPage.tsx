import { beijingDateTimeText, formatAddress, invoiceTypeName, type OrderDetailView } from '@yaocai/domain';
import { Descriptions, Result, Space, Tag } from 'antd';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { FirstDocuments } from '../../../components/FirstDocuments';
import { LightTable } from '../../../components/LightTable';
import { PageLoading } from '../../../components/PageLoading';
import { useOrderDetail } from '../api/orders';
import { Amounts, yuan } from '../components/Amounts';
import { LineKindTag } from '../components/LineKindTag';
import { OrderActions } from '../components/OrderActions';
import { History, Tracking } from '../components/Tracking';

// The after-sales form (upload, number inputs, its own table) loads when the buyer first asks for it.
const AfterSaleModal = lazy(() =>
  import('../components/AfterSaleModal').then((m) => ({ default: m.AfterSaleModal })),
);

const time = (s: number | null) => (s ? beijingDateTimeText(s) : '-');

/**
 * What shipped (GSP): each line's batches with production and expiry dates, and the trace code
 * of every pack; the delivery note (随货同行单) as PDF and the codes as CSV for the store's system.
 */
function ShippedPapers({ order: o }: { order: OrderDetailView }) {
  const names = new Map(o.lines.map((l) => [l.id, `${l.name} ${l.spec}`]));
  const codes = (lineId: number) => o.trace_codes.filter((c) => c.line_id === lineId).map((c) => c.code);
  return (
    <Card size="small" title="批号与随货资料" style={{ marginTop: 12 }} data-testid="order-batches">
      <Space style={{ marginBottom: 8 }}>
        <a href={`/api/order/${o.id}/delivery-note`} download data-testid="order-delivery-note">
          下载随货同行单（PDF）
        </a>
        {o.trace_codes.length > 0 && (
          <a href={`/api/order/${o.id}/trace-codes`} download data-testid="order-trace-csv">
            导出追溯码（CSV）
          </a>
        )}
      </Space>
      <FirstDocuments orderId={o.id} />
      <LightTable
        rowKey={(b) => `${b.line_id}-${b.batch_no}-${b.expires_on}`}
        size="small"
        pagination={false}
        dataSource={o.batches}
        columns={[
          { title: '商品', render: (_, b) => names.get(b.line_id) },
          { title: '批号', dataIndex: 'batch_no' },
          { title: '生产日期', dataIndex: 'produced_on' },
          { title: '有效期至', dataIndex: 'expires_on' },
          { title: '数量', dataIndex: 'quantity', width: 80 },
          {
            title: '药检报告',
            width: 100,
            render: (_, b) =>
              b.report ? (
                <a
                  href={`/api/order/${o.id}/inspection-reports/${b.batch_id}`}
                  download
                  data-testid="order-inspection-report"
                >
                  下载
                </a>
              ) : (
                <span style={{ color: '#767676' }}>暂无</span>
              ),
          },
        ]}
      />
      {o.trace_codes.length > 0 && (
        <details style={{ marginTop: 8 }} data-testid="order-trace-codes">
          <summary>药品追溯码（{o.trace_codes.length}个）</summary>
          {o.lines
            .filter((l) => codes(l.id).length > 0)
            .map((l) => (
              <p key={l.id} style={{ margin: '6px 0', wordBreak: 'break-all' }}>
                <strong>{names.get(l.id)}</strong>：{codes(l.id).join('、')}
              </p>
            ))}
        </details>
      )}
    </Card>
  );
}

/** /order/info/:id — lines (gifts labelled 赠品/换购), amounts, reductions, address, invoice, payment, history, tracking. */
export default function OrderDetailPage() {
  const id = Number(useParams().id);
  const [search] = useSearchParams();
  const { data: o, isError } = useOrderDetail(id);
  const [afterSale, setAfterSale] = useState(false);
  // Once opened, the form stays mounted (closed), keeping what the buyer typed as before.
  const [afterSaleAsked, setAfterSaleAsked] = useState(false);
  useEffect(() => {
    if (o && search.get('tab') === 'wl') document.getElementById('wl')?.scrollIntoView();
  }, [o, search]);
  if (isError) return <Result status="404" title="订单不存在" />;
  if (!o) return <PageLoading />;
  return (
    <div style={{ padding: '16px 0' }} className="sh-container" data-testid="order-detail">
      <Card
        size="small"
        title={`订单号：${o.order_no}`}
        extra={
          <Space size={4}>
            <Tag color="blue" data-testid="order-status">
              {o.status_label}
            </Tag>
            {o.refund_mark && (
              <Tag color="orange" data-testid="order-refund-mark">
                {o.refund_mark}（已退 {yuan(o.refunded)}）
              </Tag>
            )}
          </Space>
        }
      >
        <Descriptions column={3} size="small">
          <Descriptions.Item label="下单时间">{time(o.created_at)}</Descriptions.Item>
          <Descriptions.Item label="支付方式">{o.payment_label ?? '未支付'}</Descriptions.Item>
          <Descriptions.Item label="支付时间">{time(o.paid_at)}</Descriptions.Item>
          <Descriptions.Item label="收货人">
            {o.address.consignee} {o.address.phone}
          </Descriptions.Item>
          <Descriptions.Item label="收货地址" span={2}>
            {formatAddress(o.address)}
          </Descriptions.Item>
          <Descriptions.Item label="发票">
            {invoiceTypeName(o.invoice?.type ?? 0)} {o.invoice?.title}
            {(o.invoice || (o.paid_at && o.status !== 'cancelled')) && (
              <Link to={`/dzfp?order_id=${o.id}`} style={{ marginLeft: 8 }} data-testid="order-invoice-link">
                {o.invoice ? '查看发票' : '申请开票'}
              </Link>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="随货资料">{o.papers.join('、') || '-'}</Descriptions.Item>
          <Descriptions.Item label="备注">{o.remarks || '-'}</Descriptions.Item>
          {o.ephedrine && (
            <Descriptions.Item label="含麻回执">
              {o.receipt_status === 'accepted' ? '已审核' : <Link to="/hmdd">查看/上传回执</Link>}
            </Descriptions.Item>
          )}
        </Descriptions>
        <div style={{ marginTop: 8 }}>
          <OrderActions
            order={o}
            onAfterSale={() => {
              setAfterSaleAsked(true);
              setAfterSale(true);
            }}
          />
        </div>
      </Card>
      <Card size="small" title="商品清单" style={{ marginTop: 12 }}>
        <LightTable
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={o.lines}
          columns={[
            {
              title: '商品',
              render: (_, l) => (
                <>
                  <LineKindTag kind={l.kind} label={l.kind_label} testId="order-line-kind" />
                  {l.promotion_label && (
                    <Tag color="red" data-testid="order-line-promotion">
                      {l.promotion_label}
                    </Tag>
                  )}
                  <strong>{l.name}</strong>{' '}
                  <span style={{ color: '#707070' }}>
                    {l.spec} / {l.manufacturer}
                  </span>
                </>
              ),
            },
            { title: '仓库', dataIndex: 'warehouse_name', width: 100 },
            { title: '单价', dataIndex: 'price', render: yuan, width: 100 },
            { title: '数量', render: (_, l) => `${l.quantity}${l.unit}`, width: 80 },
            {
              title: '优惠',
              dataIndex: 'reduction',
              render: (v: number) => (v ? `-${yuan(v)}` : '-'),
              width: 100,
            },
            { title: '小计', dataIndex: 'payable', render: yuan, width: 110 },
          ]}
        />
        <div style={{ marginTop: 12 }}>
          <Amounts
            goods={o.goods_amount}
            reductions={o.reductions}
            shipping={o.shipping_fee}
            total={o.total}
            totalLabel="实付金额"
          />
        </div>
      </Card>
      {o.after_sales.length > 0 && (
        <Card size="small" title="售后记录" style={{ marginTop: 12 }}>
          {o.after_sales.map((a) => (
            <p key={a.id}>
              {a.kind_label}：{a.reason}（{a.status_label}
              {a.refund > 0 && a.status === 'approved' ? `，已退款 ${yuan(a.refund)}` : ''}）{' '}
              <Link to={`/order/${a.kind === 'return' ? 'returnInfo' : 'afterSalesInfo'}/${a.id}`}>详情</Link>
            </p>
          ))}
        </Card>
      )}
      {o.batches.length > 0 && <ShippedPapers order={o} />}
      <Tracking shipments={o.shipments} />
      <History history={o.history} />
      {afterSaleAsked && (
        <Suspense fallback={null}>
          <AfterSaleModal order={o} open={afterSale} onClose={() => setAfterSale(false)} />
        </Suspense>
      )}
    </div>
  );
}
