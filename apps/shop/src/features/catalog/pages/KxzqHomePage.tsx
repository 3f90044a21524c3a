import { Link } from 'react-router';
import { useKxList } from '../api/kx-list';
import { AdStrip } from '../components/AdStrip';
import { GoodsFloor } from '../components/GoodsFloor';
import { ZoneBanner } from '../components/ZoneBanner';
import { zoneByRoute } from '../lib/zones';
import '../../../components/goods/catalog.css';

const FLOOR = 10;

/**
 * /kxzq, the 控销专区 home: the zone banner, the kxzq_ad ads, and floors of 控销 goods (newest,
 * best sellers) from GET /api/kx/getList, each card priced or telling this buyer why not.
 */
export default function KxzqHomePage() {
  const zone = zoneByRoute.kxzq;
  const newest = useKxList({ sort: 'newest', page_size: FLOOR });
  const hot = useKxList({ sort: 'sales', page_size: FLOOR });
  return (
    <div className="yc-page">
      <ZoneBanner
        zone={zone}
        extra={
          <Link to="/kxzq/list" style={{ color: '#fff', marginTop: 8, textDecoration: 'underline' }}>
            全部控销商品 &gt;
          </Link>
        }
      />
      <p className="yc-muted" style={{ margin: '12px 0' }}>
        控销商品仅对指定的客户类型和地区开放价格与采购；不在范围内的客户可浏览商品，页面会说明原因。
      </p>
      <AdStrip path="/api/focus/kxzq_ad" testId="kxzq-ads" />
      <GoodsFloor
        title="控销新品"
        note="新品首发 抢先订货"
        more="/kxzq/new"
        goods={newest.data?.list}
        loading={newest.isPending}
        testId="kxzq-floor-new"
        eagerCount={5}
      />
      <GoodsFloor
        title="控销热销"
        note="门店动销快"
        more="/kxzq/list?sort=sales"
        goods={hot.data?.list}
        loading={hot.isPending}
        testId="kxzq-floor-hot"
      />
    </div>
  );
}
