import type { OnlinePaymentView } from '@yaocai/domain';
import { Alert, Button, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { startOnline, usePaymentStatus } from '../api/pay';
import { yuan } from './Amounts';
import { QrCode } from './QrCode';

type Channel = { name: string; label: string };

/**
 * QR payment: the buyer picks a channel (when more than one is open), the provider trade starts,
 * its QR code shows, and the status is polled until paid. The sandbox's QR is a page of ours
 * (a path); a real provider's is its own code URL (weixin://…, https://qr.alipay.com/…).
 */
export function OnlinePay({
  orderId,
  channels,
  onPaid,
}: {
  orderId: number;
  channels: Channel[];
  onPaid(): void;
}) {
  const [channel, setChannel] = useState(channels[0]?.name);
  const [trade, setTrade] = useState<OnlinePaymentView>();
  const [failed, setFailed] = useState<string>();
  useEffect(() => {
    if (!channel) return;
    let live = true;
    setTrade(undefined);
    setFailed(undefined);
    startOnline(orderId, channel).then(
      (t) => live && setTrade(t),
      (e: unknown) => live && setFailed(e instanceof Error ? e.message : '发起支付失败，请稍后重试'),
    );
    return () => {
      live = false;
    };
  }, [orderId, channel]);
  const status = usePaymentStatus(orderId, !!trade);
  useEffect(() => {
    if (status.data?.paid) onPaid();
  }, [status.data?.paid, onPaid]);
  const picker = channels.length > 1 && (
    <Radio.Group
      value={channel}
      onChange={(e) => setChannel(e.target.value)}
      optionType="button"
      options={channels.map((c) => ({ value: c.name, label: c.label }))}
      style={{ marginBottom: 16 }}
      aria-label="支付渠道"
    />
  );
  if (failed)
    return (
      <div>
        {picker}
        <Alert type="error" showIcon message={failed} />
      </div>
    );
  if (!trade) return <div>{picker}</div>;
  const sandbox = trade.provider === 'sandbox';
  const scanContent = trade.qr_content.startsWith('/')
    ? `${window.location.origin}${trade.qr_content}`
    : trade.qr_content;
  return (
    <div>
      {picker}
      <Space align="start" size={32}>
        <QrCode content={scanContent} />
        <div>
          <Typography.Title level={5}>
            请使用{sandbox ? '微信或支付宝' : trade.provider_label}扫码支付 {yuan(trade.amount)}
          </Typography.Title>
          <p>商户订单号：{trade.out_trade_no}</p>
          <p style={{ color: '#707070' }}>
            支付完成后页面将自动跳转{sandbox ? '（沙箱环境：可点击下方按钮模拟手机扫码）' : ''}。
          </p>
          {sandbox && (
            <Button href={trade.qr_content} target="_blank" data-testid="sandbox-scan">
              模拟扫码支付（沙箱）
            </Button>
          )}
        </div>
      </Space>
    </div>
  );
}
