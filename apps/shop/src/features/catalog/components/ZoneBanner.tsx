import { ZONE_BANNER_SIZE } from '@yaocai/domain';
import type { ReactNode } from 'react';
import { useFocusBanners } from '../api/focus-banners';
import type { ZoneInfo } from '../lib/zones';

/**
 * The zone's banner: the operator's image when one is set (it carries its own artwork, so the
 * title stays for screen readers only), else the zone's colours with its title and slogan. A
 * compact strip (ZONE_BANNER_SIZE, 160 px high; a taller image is cropped to it) so the zone's
 * goods show on the first screen.
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
          width={ZONE_BANNER_SIZE.w}
          height={ZONE_BANNER_SIZE.h}
          className="yc-zone-img"
        />
        {extra && <div style={{ position: 'absolute', left: '7%', bottom: 16 }}>{extra}</div>}
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
