import type { OnlinePaymentView } from '@yaocai/domain';
import { Button, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { startOnline, usePaymentStatus } from '../api/pay';
import { yuan } from './Amounts';
import { QrCode } from './QrCode';

/** QR payment: starts the provider trade, shows its QR code, polls the status until paid. */
export function OnlinePay({ orderId, onPaid }: { orderId: number; onPaid(): void }) {
  const [trade, setTrade] = useState<OnlinePaymentView>();
  useEffect(() => {
    startOnline(orderId).then(setTrade);
  }, [orderId]);
  const status = usePaymentStatus(orderId, !!trade);
  useEffect(() => {
    if (status.data?.paid) onPaid();
  }, [status.data?.paid, onPaid]);
  if (!trade) return null;
  const scanUrl = `${window.location.origin}${trade.qr_content}`;
  return (
    <Space align="start" size={32}>
      <QrCode content={scanUrl} />
      <div>
        <Typography.Title level={5}>请使用微信或支付宝扫码支付 {yuan(trade.amount)}</Typography.Title>
        <p>商户订单号：{trade.out_trade_no}</p>
        <p style={{ color: '#707070' }}>支付完成后页面将自动跳转（沙箱环境：可点击下方按钮模拟手机扫码）。</p>
        <Button href={trade.qr_content} target="_blank" data-testid="sandbox-scan">
          模拟扫码支付（沙箱）
        </Button>
      </div>
    </Space>
  );
}
