import { beijingDateText, beijingDateTimeText } from '@yaocai/domain';
import { useFeedback } from '@yaocai/web-client/feedback';
import { Alert, Button, Spin } from 'antd';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Card } from '../../../components/Card';
import { CartSteps } from '../../../components/CartSteps';
import { LightDescriptions } from '../../../components/LightDescriptions';
import { LightTabs } from '../../../components/LightTabs';
import { Outcome } from '../../../components/Outcome';
import { PageLoading } from '../../../components/PageLoading';
import { useBalance } from '../../../lib/wallet';
import { useOrderDetail } from '../api/orders';
import { payByBalance, payByCredit, useCreditCheck, usePaymentChannels, usePaymentDone } from '../api/pay';
import { yuan } from '../components/Amounts';
import { MissingOrder } from '../components/MissingOrder';

// The QR and transfer panels (the QR encoder; the transfer's form, date picker and upload) load
// when their tab is chosen: most orders are paid from the balance or on credit.
const OnlinePay = lazy(() => import('../components/OnlinePay').then((m) => ({ default: m.OnlinePay })));
const TransferPay = lazy(() => import('../components/TransferPay').then((m) => ({ default: m.TransferPay })));

const panel = (children: ReactNode) => (
  <Suspense fallback={<Spin style={{ display: 'block', padding: 24 }} />}>{children}</Suspense>
);

/** The online tab's name: the one real channel, or what the sandbox stands in for. */
const onlineLabel = (online: { name: string; label: string }[]) =>
  online.length === 1 && online[0].name !== 'sandbox' ? online[0].label : '微信/支付宝';

/**
 * /cart/step3/:id and /cart/hm?id= — pay by balance, credit term, online QR or bank transfer. The route guard
 * opens it only with an order id; the credit terms are asked for once the order is known unpaid.
 */
export default function PayPage() {
  const { message } = useFeedback();
  const { id: pathId } = useParams();
  const [search] = useSearchParams();
  const orderId = Number(pathId ?? search.get('id') ?? 0);
  const navigate = useNavigate();
  const order = useOrderDetail(orderId);
  const balance = useBalance();
  const credit = useCreditCheck(orderId, order.data?.status === 'pending_payment');
  const [method, setMethod] = useState('balance');
  const [paying, setPaying] = useState(false);
  const done = usePaymentDone(orderId);
  const channels = usePaymentChannels();
  const online = channels.data?.online ?? [];

  if (order.isError) return <MissingOrder />;
  if (!order.data) return <PageLoading />;
  const o = order.data;
  if (o.status !== 'pending_payment')
    return (
      <Outcome
        status={o.status === 'cancelled' ? 'warning' : 'success'}
        title={o.status === 'cancelled' ? '订单已取消，不能支付' : '订单已支付'}
        extra={<Button onClick={() => navigate(`/order/info/${o.id}`)}>查看订单</Button>}
      />
    );
  const pay = async (fn: (id: number) => Promise<unknown>) => {
    setPaying(true);
    try {
      await fn(orderId);
      message.success('支付成功');
      done();
    } finally {
      setPaying(false);
    }
  };
  const money = balance.data?.user_money ?? 0;
  return (
    <div style={{ padding: '16px 0' }} className="sh-container" data-testid="pay-page">
      <CartSteps current={3} />
      <Card size="small">
        <LightDescriptions
          column={3}
          size="small"
          items={[
            { label: '订单号', children: o.order_no },
            {
              label: '应付金额',
              children: <strong style={{ color: '#c62828', fontSize: 20 }}>{yuan(o.total)}</strong>,
            },
            { label: '支付截止', children: beijingDateTimeText(o.expires_at) },
          ]}
        />
      </Card>
      <Card size="small" style={{ marginTop: 12 }}>
        <LightTabs
          label="支付方式"
          className="sh-tabs--line"
          activeKey={method}
          onChange={setMethod}
          items={[
            {
              key: 'balance',
              label: '余额支付',
              children: (
                <div>
                  <p>账户余额：{yuan(money)}</p>
                  {money < o.total && (
                    <Alert
                      type="warning"
                      showIcon
                      message="余额不足，请选择其他支付方式"
                      style={{ marginBottom: 12 }}
                    />
                  )}
                  <Button
                    type="primary"
                    danger
                    loading={paying}
                    disabled={money < o.total}
                    onClick={() => pay(payByBalance)}
                    data-testid="pay-balance"
                  >
                    确认支付 {yuan(o.total)}
                  </Button>
                </div>
              ),
            },
            {
              key: 'credit',
              label: '账期支付',
              children: credit.data && (
                <div>
                  <p>
                    账期额度 {yuan(credit.data.credit_limit)}，已用 {yuan(credit.data.credit_used)}，可用{' '}
                    {yuan(credit.data.credit_available)}；账期 {credit.data.term_days} 天，还款日{' '}
                    {beijingDateText(credit.data.due_at)}
                  </p>
                  {!credit.data.enough && (
                    <Alert type="warning" showIcon message="账期可用额度不足" style={{ marginBottom: 12 }} />
                  )}
                  <Button
                    type="primary"
                    danger
                    loading={paying}
                    disabled={!credit.data.enough}
                    onClick={() => pay(payByCredit)}
                    data-testid="pay-credit"
                  >
                    使用账期支付 {yuan(o.total)}
                  </Button>
                </div>
              ),
            },
            ...(online.length
              ? [
                  {
                    key: 'online',
                    label: onlineLabel(online),
                    children: panel(<OnlinePay orderId={orderId} channels={online} onPaid={done} />),
                  },
                ]
              : []),
            ...(channels.data?.transfer
              ? [
                  {
                    key: 'transfer',
                    label: '对公转账',
                    children: panel(<TransferPay orderId={orderId} />),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </div>
  );
}
