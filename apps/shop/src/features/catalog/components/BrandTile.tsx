import type { BrandWallItem } from '@yaocai/domain';
import { Link } from 'react-router';

/** A tile of the brand wall: logo, name and how many goods the brand has. */
export function BrandTile({ brand }: { brand: BrandWallItem }) {
  return (
    <Link
      to={`/ppzq/info/${brand.id}`}
      className="yc-brand-tile"
      data-testid="brand-tile"
      title={brand.story}
    >
      {brand.logo ? (
        <img src={brand.logo} alt={brand.name} loading="lazy" />
      ) : (
        <span className="yc-brand-logo">{brand.name}</span>
      )}
      <span style={{ fontSize: 13 }}>{brand.name}</span>
      <span className="yc-muted">{brand.goods_count} 个商品</span>
    </Link>
  );
}
