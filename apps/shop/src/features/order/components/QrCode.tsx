import { QRCode } from 'antd';

/** Draws `content` as an SVG QR code (antd's QRCode, already in the bundle). */
export function QrCode({ content, size = 200 }: { content: string; size?: number }) {
  return (
    <div data-testid="pay-qr" role="img" aria-label="支付二维码" style={{ width: size }}>
      <span aria-hidden="true">
        <QRCode value={content} size={size} type="svg" bordered={false} />
      </span>
    </div>
  );
}
