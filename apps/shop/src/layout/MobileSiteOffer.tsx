import { isPhoneUserAgent, MOBILE_OFFER_DISMISSED_KEY, mobilePathFor } from '@yaocai/web-client/mobile-site';
import { useState } from 'react';
import { useLocation } from 'react-router';

const dismissed = () => {
  try {
    return localStorage.getItem(MOBILE_OFFER_DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
};

/**
 * On a phone, a bar at the bottom of the PC shop offers the mobile site (never a redirect); closing
 * it, or choosing 电脑版 on the mobile site, stops the offer. Drawn large: the PC page is 1200 px
 * wide and a phone shows it at a third of its size.
 */
export function MobileSiteOffer() {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => isPhoneUserAgent(navigator.userAgent) && !dismissed());
  if (!open) return null;
  const close = () => {
    localStorage.setItem(MOBILE_OFFER_DISMISSED_KEY, '1');
    setOpen(false);
  };
  return (
    <aside className="sh-mobile-offer" data-testid="mobile-offer">
      <span>手机访问？使用药采手机版，下单更方便</span>
      <a className="sh-mobile-offer__go" href={mobilePathFor(pathname)}>
        打开手机版
      </a>
      <button type="button" className="sh-mobile-offer__close" aria-label="关闭" onClick={close}>
        ×
      </button>
    </aside>
  );
}
