import { Link } from 'react-router';
import { useFocusBanners } from '../api/focus-banners';

/** A row of the operator's ads of one focus call (the 控销 zone's kxzq_ad group); none: nothing. */
export function AdStrip({ path, testId }: { path: string; testId: string }) {
  const ads = useFocusBanners(path);
  if (!ads.data?.length) return null;
  return (
    <nav className="yc-ad-strip" aria-label="专区广告" data-testid={testId}>
      {ads.data.map((ad) => (
        <Link key={ad.id} to={ad.url || '#'}>
          <img src={ad.image} alt={ad.title} width={590} height={120} loading="lazy" />
        </Link>
      ))}
    </nav>
  );
}
