import Button from 'antd-mobile/es/components/button';
import DotLoading from 'antd-mobile/es/components/dot-loading';
import List from 'antd-mobile/es/components/list';
import Radio from 'antd-mobile/es/components/radio';
import Result from 'antd-mobile/es/components/result';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Countdown } from '../../components/Countdown';
import { Screen } from '../../components/Screen';
import { yuan } from '../../lib/format';
import { unreportedMessage } from '../../lib/http';
import { toast } from '../../lib/toast';
import { useOrderDetail } from './api/orders';
import { useCreditCheck, usePay, usePaymentChannels, useWalletBalance } from './api/pay';
import { OnlinePanel } from './OnlinePanel';
import { TransferPanel } from './TransferPanel';
import './pay.css';

/** balance, credit, transfer, or `online:<channel>` (one of the payment module's QR channels). */
type Method = 'balance' | 'credit' | 'transfer' | `online:${string}`;
const ONLINE = 'online:';

/** 支付: wallet balance, credit, the online QR channels (opened on the phone), or bank transfer. */
export default function PayPage() {
  const id = Number(useParams().id);
  const order = useOrderDetail(id);
  const [method, setMethod] = useState<Method>('balance');
  const awaiting = order.data?.status === 'pending_payment';
  const wallet = useWalletBalance();
  const channels = usePaymentChannels();
  const credit = useCreditCheck(id, awaiting);
  const pay = usePay(id);
  // The online trade opens when the buyer presses 确认支付, not when the radio is picked.
  const [online, setOnline] = useState<string | null>(null);

  if (order.isPending)
    return (
      <Screen title="支付订单">
        <DotLoading />
      </Screen>
    );
  if (!order.data)
    return (
      <Screen title="支付订单">
        <Result status="error" title="订单不存在" />
      </Screen>
    );
  const o = order.data;
  if (!awaiting)
    return (
      <Screen title="支付订单">
        <Result
          status="success"
          title={o.paid_at ? '支付成功' : o.status_label}
          description={`订单号 ${o.order_no}`}
        />
        <div className="m-pad">
          <Link to={`/orders/${o.id}`} className="m-button-link">
            查看订单
          </Link>
        </div>
      </Screen>
    );

  const balance = wallet.data?.user_money ?? 0;
  const submit = async () => {
    if (method === 'transfer') return;
    if (method.startsWith(ONLINE)) {
      setOnline(method.slice(ONLINE.length));
      return;
    }
    try {
      await pay.mutateAsync(method as 'balance' | 'credit');
      toast('支付成功');
    } catch (error) {
      const text = unreportedMessage(error, '支付失败');
      if (text) toast(text);
    }
  };
  const footer =
    method === 'transfer' || online ? null : (
      <div className="m-submitbar">
        <span>
          应付 <b className="m-price">{yuan(o.total)}</b>
        </span>
        <Button color="primary" loading={pay.isPending} onClick={submit}>
          确认支付
        </Button>
      </div>
    );

  return (
    <Screen title="支付订单" footer={footer}>
      <section className="m-pay__head">
        <p>订单号 {o.order_no}</p>
        <p className="m-price m-price--big" data-testid="pay-amount">
          {yuan(o.total)}
        </p>
        <p>
          剩余支付时间 <Countdown until={o.expires_at} serverNow={Math.floor(Date.now() / 1000)} />
        </p>
      </section>
      <Radio.Group
        value={method}
        onChange={(value) => {
          setMethod(value as Method);
          setOnline(null);
        }}
      >
        <List header="支付方式">
          <List.Item
            description={`可用余额 ${yuan(balance)}${balance < o.total ? '，余额不足' : ''}`}
            extra={<Radio value="balance" aria-label="余额支付" />}
          >
            余额支付
          </List.Item>
          {credit.data ? (
            <List.Item
              description={`可用额度 ${yuan(credit.data.credit_available)}，账期 ${credit.data.term_days} 天${credit.data.enough ? '' : '，额度不足'}`}
              extra={<Radio value="credit" aria-label="信用支付" disabled={!credit.data.enough} />}
            >
              信用支付
            </List.Item>
          ) : null}
          {channels.data?.online.map((channel) => (
            <List.Item
              key={channel.name}
              description={channel.name === 'sandbox' ? '沙箱环境：模拟微信/支付宝付款' : '扫码或跳转支付'}
              extra={<Radio value={`${ONLINE}${channel.name}`} aria-label={channel.label} />}
            >
              {channel.label}
            </List.Item>
          ))}
          {channels.data?.transfer ? (
            <List.Item
              description="线下转账，财务确认到账后发货"
              extra={<Radio value="transfer" aria-label="对公转账" />}
            >
              对公转账
            </List.Item>
          ) : null}
        </List>
      </Radio.Group>
      {method === 'transfer' ? <TransferPanel orderId={o.id} /> : null}
      {online ? <OnlinePanel orderId={o.id} provider={online} /> : null}
    </Screen>
  );
}
