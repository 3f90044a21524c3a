import type { ReactNode } from 'react';
import { useFocusBanners } from '../api/focus-banners';
import type { ZoneInfo } from '../lib/zones';

/** The zone's banner: the operator's image when set, else the zone's colours and slogan. */
export function ZoneBanner({ zone, extra }: { zone: ZoneInfo; extra?: ReactNode }) {
  const banners = useFocusBanners(zone.focusPath);
  const image = banners.data?.[0]?.image;
  const background = image
    ? `url(${image}) center/cover, ${zone.colors[0]}`
    : `linear-gradient(110deg, ${zone.colors[0]}, ${zone.colors[1]})`;
  return (
    <div className="yc-banner" style={{ background }} data-testid="zone-banner">
      <h1>{zone.title}</h1>
      <p>{zone.slogan}</p>
      {extra}
    </div>
  );
}
