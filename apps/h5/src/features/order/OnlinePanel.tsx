import DotLoading from 'antd-mobile/es/components/dot-loading';
import ErrorBlock from 'antd-mobile/es/components/error-block';
import { lazy, Suspense } from 'react';
import { yuan } from '../../lib/format';
import { unreportedMessage } from '../../lib/http';
import { useOnlineTrade, usePaymentStatus } from './api/pay';

// The QR drawing loads when an online channel is chosen, not with the pay screen.
const QRCodeSVG = lazy(() => import('@rc-component/qrcode').then((m) => ({ default: m.QRCodeSVG })));

/**
 * 在线支付 on a phone. The payment module opens QR trades (WeChat Pay Native, Alipay 当面付, the
 * sandbox), so the phone shows the code (to scan from another phone, or to save and scan in the
 * app) and, where the code is a link a phone can open, a button that opens it: Alipay's
 * qr.alipay.com link opens the Alipay app, the sandbox's payer page opens in this browser.
 * WeChat's weixin:// code opens only by scanning. The status is polled until paid.
 */
export function OnlinePanel({ orderId, provider }: { orderId: number; provider: string }) {
  const trade = useOnlineTrade(orderId, provider);
  const status = usePaymentStatus(orderId, !!trade.data);
  if (trade.isPending) return <DotLoading />;
  if (!trade.data)
    return (
      <ErrorBlock
        status="default"
        title="发起支付失败"
        description={unreportedMessage(trade.error, '请稍后重试', true) ?? '请稍后重试'}
      />
    );
  const t = trade.data;
  const sandbox = t.provider === 'sandbox';
  const content = t.qr_content.startsWith('/') ? `${window.location.origin}${t.qr_content}` : t.qr_content;
  const opens = sandbox || t.qr_content.startsWith('https://');
  return (
    <section className="m-qrpay" data-testid="online-pay" aria-busy={!status.data?.paid}>
      <div className="m-qrpay__code" role="img" aria-label="支付二维码" data-testid="pay-qr">
        <Suspense fallback={<DotLoading />}>
          <QRCodeSVG value={content} size={180} level="M" />
        </Suspense>
      </div>
      <p>
        {sandbox ? '微信或支付宝' : t.provider_label}扫码支付 <b className="m-price">{yuan(t.amount)}</b>
      </p>
      <p className="m-goods__meta">商户订单号 {t.out_trade_no}</p>
      {opens ? (
        <a
          className="m-button-link m-qrpay__open"
          href={t.qr_content}
          target="_blank"
          rel="noopener"
          data-testid="online-open"
        >
          {sandbox ? '打开沙箱付款页（模拟扫码）' : `打开${t.provider_label}付款`}
        </a>
      ) : (
        <p className="m-goods__meta">
          请截屏保存二维码，在{t.provider_label}中“扫一扫”识别付款，或用另一部手机扫码。
        </p>
      )}
      <p className="m-goods__meta" role="status">
        {status.data?.paid ? '支付成功' : '支付完成后本页自动刷新'}
      </p>
    </section>
  );
}
