import { Popover, type PopoverProps, QRCode } from 'antd';
import type { ReactNode } from 'react';
import { useSite } from './api/site';

/**
 * A QR code drawn locally as SVG (public account or app download): one image named `label`
 * (antd's SVG has an img role and no name, so it is hidden from assistive technology).
 */
export function QrImage({ value, label, size = 110 }: { value: string; label: string; size?: number }) {
  return (
    <div role="img" aria-label={label} style={{ width: size, display: 'inline-block' }}>
      <span aria-hidden="true">
        <QRCode type="svg" value={value} size={size} bordered={false} color="#0a7c4e" />
      </span>
    </div>
  );
}

export function useQrTargets() {
  const { data } = useSite();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  return {
    wechat: data?.qr.wechat || `${origin}/`,
    app: data?.qr.app || `${origin}/`,
  };
}

interface QrPopoverProps {
  value: string;
  caption: string;
  placement: PopoverProps['placement'];
  children: ReactNode;
}

/** Popover with a QR code and its caption, opened from `children`. */
export function QrPopover({ value, caption, placement, children }: QrPopoverProps) {
  return (
    <Popover
      placement={placement}
      content={
        <div className="sh-qr-pop">
          <QrImage value={value} label={caption} />
          <p>{caption}</p>
        </div>
      }
    >
      {children}
    </Popover>
  );
}

/** Popover with the mobile-app download QR code. */
export function AppQrPopover({ children }: { children: ReactNode }) {
  const targets = useQrTargets();
  return (
    <QrPopover placement="bottom" value={targets.app} caption="扫码下载药采APP">
      {children}
    </QrPopover>
  );
}
