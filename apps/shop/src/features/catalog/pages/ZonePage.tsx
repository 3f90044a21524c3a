import { Link, Navigate, useParams } from 'react-router';
import { GoodsResults } from '../components/GoodsResults';
import { ZoneBanner } from '../components/ZoneBanner';
import { useRouteName } from '../lib/use-route-name';
import { zoneByRoute } from '../lib/zones';
import '../catalog.css';

/**
 * Zone routes (/yx, /yx/table, /zyyp, /qxzq, /jxqzc, /kxzq, /kxzq/list, /kxzq/new,
 * /kxzq/goods/:url/:ads?): the zone banner and the goods list filtered by the zone, which comes
 * from the route name.
 */
export default function ZonePage() {
  const name = useRouteName();
  const params = useParams();
  const zone = name ? zoneByRoute[name] : undefined;
  if (!zone) return <Navigate to="/404" replace />;
  // /kxzq/goods/:url — a numeric :url narrows the zone to one category.
  const categoryId = Number(params.url);
  const fixed = {
    zone: zone.zone,
    ...(zone.sort ? { sort: zone.sort } : {}),
    ...(Number.isInteger(categoryId) && categoryId > 0 ? { category_id: categoryId } : {}),
  };
  return (
    <div className="yc-page">
      <ZoneBanner
        zone={zone}
        extra={
          zone.zone === 'yx' && (
            <Link to="/yx/rule" style={{ color: '#fff', marginTop: 8, textDecoration: 'underline' }}>
              查看优选包邮规则 &gt;
            </Link>
          )
        }
      />
      <div style={{ height: 12 }} />
      <GoodsResults fixed={fixed} menu={zone.menu} />
    </div>
  );
}
