import { CloseOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTopAds } from './api/site';

export const TOP_AD_CLOSED_KEY = 'yaocai.topAdClosed';

/** The closable top ad (focus/top, 1200 x 80), close button at its top right; closing is remembered for the session. */
export function TopAd() {
  const [closed, setClosed] = useState(() => sessionStorage.getItem(TOP_AD_CLOSED_KEY) === '1');
  const { data } = useTopAds(!closed);
  const ad = data?.[0];
  if (closed || !ad) return null;
  const close = () => {
    sessionStorage.setItem(TOP_AD_CLOSED_KEY, '1');
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
