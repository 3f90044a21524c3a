import type { AdItem } from '@yaocai/domain';
import { goodsImageSrcSet } from '@yaocai/domain/catalog/image-widths';
import { SnapStrip } from '../../components/SnapStrip';

/** The home banners; the first image loads eagerly (the first screen's largest paint). */
export function BannerStrip({ ads }: { ads: AdItem[] }) {
  return (
    <div className="m-home__banners">
      <SnapStrip count={ads.length} advanceMs={4000} label="广告">
        {ads.map((ad, i) => (
          <a key={ad.id} href={ad.url || undefined}>
            <img
              src={ad.image}
              srcSet={goodsImageSrcSet(ad.image)}
              sizes="100vw"
              alt={ad.title}
              className="m-home__banner"
              width={770}
              height={388}
              loading={i === 0 ? 'eager' : 'lazy'}
              fetchPriority={i === 0 ? 'high' : undefined}
            />
          </a>
        ))}
      </SnapStrip>
    </div>
  );
}
