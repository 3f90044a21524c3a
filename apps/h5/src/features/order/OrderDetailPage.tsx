import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import Result from 'antd-mobile/es/components/result';
import Steps from 'antd-mobile/es/components/steps';
import { Link, useParams } from 'react-router';
import { Screen } from '../../components/Screen';
import { dateTime, yuan } from '../../lib/format';
import { useOrderDetail } from './api/orders';
import { OrderActions } from './OrderActions';

/** 订单详情: status, address, lines with their batches, amounts, logistics and the actions. */
export default function OrderDetailPage() {
  const id = Number(useParams().id);
  const order = useOrderDetail(id);
  if (order.isPending)
    return (
      <Screen title="订单详情">
        <DotLoading />
      </Screen>
    );
  if (!order.data)
    return (
      <Screen title="订单详情">
        <Result status="error" title="订单不存在" />
      </Screen>
    );
  const o = order.data;
  return (
    <Screen title="订单详情" footer={<OrderActions order={o} />}>
      <section className="m-pay__head">
        <p className="m-order__status" data-testid="order-status">
          {o.status_label}
        </p>
        <p>订单号 {o.order_no}</p>
      </section>
      <List header="收货信息">
        <List.Item
          description={`${o.address.province}${o.address.city}${o.address.district}${o.address.detail}`}
        >
          {o.address.consignee} {o.address.phone}
        </List.Item>
      </List>
      <List header="商品">
        {o.lines.map((line) => {
          const batches = o.batches.filter((b) => b.line_id === line.id);
          return (
            <List.Item
              key={line.id}
              description={
                <>
                  {line.spec} · {yuan(line.price)} × {line.quantity}
                  {batches.map((b) => (
                    <span key={b.batch_id} className="m-batch">
                      批号 {b.batch_no} 效期至 {b.expires_on} ×{b.quantity}
                    </span>
                  ))}
                </>
              }
              extra={yuan(line.payable)}
            >
              {line.kind === 'goods' ? '' : `[${line.kind_label}] `}
              {line.name}
            </List.Item>
          );
        })}
      </List>
      <List header="金额">
        <List.Item extra={yuan(o.goods_amount)}>商品金额</List.Item>
        {o.reductions.map((r) => (
          <List.Item key={r.label} extra={`-${yuan(r.amount)}`}>
            {r.label}
          </List.Item>
        ))}
        <List.Item extra={yuan(o.shipping_fee)}>运费</List.Item>
        <List.Item extra={<b className="m-price">{yuan(o.total)}</b>}>实付</List.Item>
        {o.payment_label ? <List.Item extra={o.payment_label}>支付方式</List.Item> : null}
      </List>
      {o.shipments.map((s) => (
        <List key={s.id} header={`物流：${s.carrier} ${s.tracking_no}`} data-testid="logistics">
          <div className="m-pad">
            <Steps direction="vertical" current={0}>
              {(s.events.length ? s.events : [{ description: '已发货', at: s.shipped_at }]).map((e) => (
                <Steps.Step
                  key={`${e.at}${e.description}`}
                  title={e.description}
                  description={dateTime(e.at)}
                />
              ))}
            </Steps>
          </div>
        </List>
      ))}
      {o.after_sales.length ? (
        <List header="售后申请" data-testid="order-after-sales">
          {o.after_sales.map((a) => (
            <List.Item
              key={a.id}
              description={`${dateTime(a.created_at)} · 退款 ${yuan(a.refund)}`}
              extra={<Link to={`/after-sales/${a.id}`}>{a.status_label}</Link>}
            >
              {a.kind_label}申请
            </List.Item>
          ))}
        </List>
      ) : null}
      <List header="订单记录">
        {o.history.map((h) => (
          <List.Item key={`${h.at}${h.event}`} extra={dateTime(h.at)}>
            {h.label}
          </List.Item>
        ))}
      </List>
    </Screen>
  );
}
