import { QRCodeSVG } from '@rc-component/qrcode';

/**
 * A QR code as SVG in the brand green: a chunk of its own, loaded by QrImage on demand. The
 * encoder antd's QRCode draws with, without antd's wrapper, whose status overlay (Spin, a
 * refresh Button) and styles these codes never show: the footer shows two on every page.
 */
export default function QrCodeSvg({ value, size }: { value: string; size: number }) {
  return <QRCodeSVG value={value} size={size} level="M" bgColor="transparent" fgColor="#0a7c4e" />;
}
