import type { ReactNode } from 'react';
import { useFocusBanners } from '../api/focus-banners';
import type { ZoneInfo } from '../lib/zones';

/**
 * The zone's banner: the operator's image when one is set (it carries its own artwork, so the
 * title stays for screen readers only), else the zone's colours with its title and slogan.
 */
export function ZoneBanner({ zone, extra }: { zone: ZoneInfo; extra?: ReactNode }) {
  const banners = useFocusBanners(zone.focusPath);
  const image = banners.data?.[0]?.image;
  if (image) {
    return (
      <div style={{ position: 'relative' }} data-testid="zone-banner">
        <h1 className="yc-sr-only">{zone.title}</h1>
        <img
          src={image}
          alt={banners.data?.[0]?.title ?? zone.title}
          width={1200}
          height={400}
          className="yc-zone-img"
        />
        {extra && <div style={{ position: 'absolute', left: 48, bottom: 24 }}>{extra}</div>}
      </div>
    );
  }
  return (
    <div
      className="yc-banner"
      style={{ background: `linear-gradient(110deg, ${zone.colors[0]}, ${zone.colors[1]})` }}
      data-testid="zone-banner"
    >
      <h1>{zone.title}</h1>
      <p>{zone.slogan}</p>
      {extra}
    </div>
  );
}
