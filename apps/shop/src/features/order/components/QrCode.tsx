import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** Draws `content` as an SVG QR code. */
export function QrCode({ content, size = 200 }: { content: string; size?: number }) {
  const [svg, setSvg] = useState('');
  useEffect(() => {
    let live = true;
    QRCode.toString(content, { type: 'svg', margin: 1, width: size }).then((s) => live && setSvg(s));
    return () => {
      live = false;
    };
  }, [content, size]);
  return svg ? (
    <img
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      width={size}
      height={size}
      alt="支付二维码"
      data-testid="pay-qr"
    />
  ) : (
    <div style={{ width: size, height: size }} />
  );
}
