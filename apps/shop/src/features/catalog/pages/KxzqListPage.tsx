import { Navigate, useParams } from 'react-router';
import { GoodsResults } from '../../../components/goods/GoodsResults';
import { useKxList } from '../api/kx-list';
import { AdStrip } from '../components/AdStrip';
import { ZoneBanner } from '../components/ZoneBanner';
import { kxAdGroup, kxSegmentFilter } from '../lib/kx-segment';
import { useRouteName } from '../lib/use-route-name';
import { zoneByRoute } from '../lib/zones';
import '../../../components/goods/catalog.css';

/**
 * 控销 lists from GET /api/kx/getList, told apart by the route table's name: /kxzq/list (every
 * 控销 goods, with filters), /kxzq/new (newest first), /kxzq/goods/:url/:ads? (the goods of a
 * category or brand link segment, with the ads of an optional ad group).
 */
export default function KxzqListPage() {
  const name = useRouteName();
  const params = useParams();
  const zone = name ? zoneByRoute[name] : undefined;
  const segment = name === 'kxzq_goods' ? kxSegmentFilter(params.url) : {};
  if (!zone || !segment) return <Navigate to="/404" replace />;
  const ads = name === 'kxzq_goods' ? kxAdGroup(params.ads) : undefined;
  const fixed = { ...(zone.sort ? { sort: zone.sort } : {}), ...segment };
  return (
    <div className="yc-page">
      <ZoneBanner zone={zone} />
      {ads && <AdStrip path={`/api/focus/kxzq_ad?ids=${ads}`} testId="kxzq-ads" />}
      <div style={{ height: 12 }} />
      <GoodsResults fixed={fixed} useList={useKxList} />
    </div>
  );
}
