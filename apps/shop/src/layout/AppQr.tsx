import { Popover, QRCode } from 'antd';
import type { ReactNode } from 'react';
import { useSite } from './api/site';

/** A QR code drawn locally as SVG (public account or app download). */
export function QrImage({ value, size = 110 }: { value: string; size?: number }) {
  return <QRCode type="svg" value={value} size={size} bordered={false} color="#0a8f5a" />;
}

export function useQrTargets() {
  const { data } = useSite();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return {
    wechat: data?.qr.wechat || `${origin}/`,
    app: data?.qr.app || `${origin}/`,
  };
}

/** Popover with the mobile-app download QR code. */
export function AppQrPopover({ children }: { children: ReactNode }) {
  const targets = useQrTargets();
  return (
    <Popover
      placement="bottom"
      content={
        <div className="sh-qr-pop">
          <QrImage value={targets.app} />
          <p>扫码下载药采APP</p>
        </div>
      }
    >
      {children}
    </Popover>
  );
}
