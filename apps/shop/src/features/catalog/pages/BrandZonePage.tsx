import { Empty, Skeleton } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { LightPager } from '../../../components/LightPager';
import { useBrandWall } from '../api/brand-wall';
import { BrandTile } from '../components/BrandTile';
import { ZoneBanner } from '../components/ZoneBanner';
import '../../../components/goods/catalog.css';

const PAGE_SIZE = 24;

const zone = {
  zone: 'ppzq' as const,
  title: '品牌专区',
  slogan: '名厂名药 · 品牌直供 · 正品保障',
  colors: ['#b35500', '#ffb347'] as [string, string],
  focusPath: '/api/focus?position=ppzq',
};

/** /ppzq and /ppzq/:page — the brand wall, the page number in the path. */
export default function BrandZonePage() {
  const params = useParams();
  const navigate = useNavigate();
  const page = Math.max(1, Number.parseInt(params.page ?? '1', 10) || 1);
  const wall = useBrandWall();
  const brands = wall.data?.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE) ?? [];
  return (
    <div className="yc-page">
      <ZoneBanner zone={zone} />
      <section className="yc-section">
        {wall.isPending ? (
          <Skeleton active />
        ) : brands.length === 0 ? (
          <Empty description="暂无品牌" />
        ) : (
          <div className="yc-brand-wall" data-testid="brand-wall">
            {brands.map((b) => (
              <BrandTile key={b.id} brand={b} />
            ))}
          </div>
        )}
        {(wall.data?.length ?? 0) > PAGE_SIZE && (
          <LightPager
            style={{ marginTop: 16, justifyContent: 'center' }}
            current={page}
            pageSize={PAGE_SIZE}
            total={wall.data?.length ?? 0}
            onChange={(next) => navigate(next === 1 ? '/ppzq' : `/ppzq/${next}`)}
          />
        )}
      </section>
    </div>
  );
}
