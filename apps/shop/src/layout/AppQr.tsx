import { lazy, type ReactNode, Suspense, useRef } from 'react';
import { useNearViewport } from '../lib/near-viewport';
import { useSite } from './api/site';
import { HoverPanel } from './HoverPanel';

const QrCodeSvg = lazy(() => import('./QrCodeSvg'));

/**
 * A QR code drawn locally as SVG (public account or app download): one image named `label`
 * (antd's SVG has an img role and no name, so it is hidden from assistive technology). The QR
 * encoder is loaded when the code comes near the viewport (a popover's on opening) or, with
 * `whenSeen` (the footer's), once it has been in view for a second: the footer shows for a moment
 * while a page loads, before the content pushes it down. Its box keeps its size meanwhile.
 */
export function QrImage({
  value,
  label,
  size = 110,
  whenSeen = false,
}: {
  value: string;
  label: string;
  size?: number;
  whenSeen?: boolean;
}) {
  const box = useRef<HTMLDivElement>(null);
  const near = useNearViewport(box, whenSeen ? 0 : 300, whenSeen ? 1000 : 0);
  return (
    <div
      ref={box}
      role="img"
      aria-label={label}
      style={{ width: size, minHeight: size, display: 'inline-block' }}
    >
      <span aria-hidden="true">
        {near && (
          <Suspense fallback={null}>
            <QrCodeSvg value={value} size={size} />
          </Suspense>
        )}
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
  placement: 'left' | 'bottom';
  children: ReactNode;
}

/** A QR code and its caption in a panel, opened from `children` on hover or focus. */
export function QrPopover({ value, caption, placement, children }: QrPopoverProps) {
  return (
    <HoverPanel placement={placement} trigger={children}>
      <div className="sh-qr-pop">
        <QrImage value={value} label={caption} />
        <p>{caption}</p>
      </div>
    </HoverPanel>
  );
}

/** The mobile-app download QR code, opened from `children`. */
export function AppQrPopover({ children }: { children: ReactNode }) {
  const targets = useQrTargets();
  return (
    <QrPopover placement="bottom" value={targets.app} caption="扫码下载药采APP">
      {children}
    </QrPopover>
  );
}
