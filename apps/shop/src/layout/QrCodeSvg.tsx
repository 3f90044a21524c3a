import { QRCode } from 'antd';

/** antd's QR code as SVG in the brand green: a chunk of its own, loaded by QrImage on demand. */
export default function QrCodeSvg({ value, size }: { value: string; size: number }) {
  return <QRCode type="svg" value={value} size={size} bordered={false} color="#0a7c4e" />;
}
