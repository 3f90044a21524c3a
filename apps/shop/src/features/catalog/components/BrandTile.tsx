import { Link } from 'react-router';

interface Props {
  brand: { id: number; name: string; logo: string | null; slogan?: string; goods_count?: number };
  page?: number;
}

/** A tile of the brand wall: logo (or the name set as a logo) and the pitch. */
export function BrandTile({ brand }: Props) {
  return (
    <Link to={`/ppzq/info/${brand.id}`} className="yc-brand-tile" data-testid="brand-tile">
      {brand.logo ? (
        <img src={brand.logo} alt={brand.name} loading="lazy" />
      ) : (
        <span className="yc-brand-logo">{brand.name}</span>
      )}
      <span style={{ fontSize: 13 }}>{brand.logo ? brand.name : brand.slogan}</span>
      {brand.goods_count !== undefined && <span className="yc-muted">{brand.goods_count} 个商品</span>}
    </Link>
  );
}
