import { Link, Navigate } from 'react-router';
import { GoodsResults } from '../../../components/goods/GoodsResults';
import { ZoneBanner } from '../components/ZoneBanner';
import { useRouteName } from '../lib/use-route-name';
import { zoneByRoute } from '../lib/zones';
import '../../../components/goods/catalog.css';

/**
 * Zone routes (/yx, /yx/table, /zyyp, /qxzq, /jxqzc): the zone banner and the goods list filtered
 * by the zone, which comes from the route name. The 控销 routes have their own pages (Kxzq*Page).
 */
export default function ZonePage() {
  const name = useRouteName();
  const zone = name ? zoneByRoute[name] : undefined;
  if (!zone) return <Navigate to="/404" replace />;
  const fixed = { zone: zone.zone, ...(zone.sort ? { sort: zone.sort } : {}) };
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
