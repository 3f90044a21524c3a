import { CloseOutlined } from '@ant-design/icons';
import { STATIC_TOP_AD_ID, TOP_AD_CLOSED_COOKIE } from '@yaocai/domain';
import { useLayoutEffect, useState } from 'react';
import { useTopAds } from './api/site';

const closedBefore = () => document.cookie.split('; ').includes(`${TOP_AD_CLOSED_COOKIE}=1`);

/**
 * The closable top ad (focus/top, 1200 x 80), close button at its top right. Closing is
 * remembered until the browser closes (a session cookie, which the server reads too). The home
 * page's HTML carries the same ad above the app, so it shows before the JavaScript runs: this
 * one takes its place, in the same layout pass, once it knows what to show.
 */
export function TopAd() {
  const [closed, setClosed] = useState(closedBefore);
  const { data, isPending } = useTopAds(!closed);
  const ad = data?.[0];
  const settled = closed || !isPending;
  useLayoutEffect(() => {
    if (settled) document.getElementById(STATIC_TOP_AD_ID)?.remove();
  }, [settled]);
  if (closed || !ad) return null;
  const close = () => {
    // biome-ignore lint/suspicious/noDocumentCookie: a constant value; the Cookie Store API is missing from older Safari and Firefox that pharmacies use
    document.cookie = `${TOP_AD_CLOSED_COOKIE}=1; path=/; SameSite=Lax`;
    setClosed(true);
  };
  return (
    <aside className="sh-topad" data-testid="top-ad">
      <div className="sh-topad__inner">
        <a href={ad.url || '#'}>
          <img src={ad.image} alt={ad.title} width={1200} height={80} />
        </a>
        <button
          type="button"
          className="sh-topad__close"
          aria-label="关闭广告"
          onClick={close}
          data-testid="top-ad-close"
        >
          <CloseOutlined />
        </button>
      </div>
    </aside>
  );
}
