import { Link } from 'react-router';
import { useBrandWall } from '../api/brand-wall';
import { useFocusBanners } from '../api/focus-banners';
import { useHotGoods } from '../api/hot-goods';
import { useRecommendations } from '../api/recommendations';
import { BannerCarousel } from '../components/BannerCarousel';
import { BrandTile } from '../components/BrandTile';
import { GoodsFloor } from '../components/GoodsFloor';
import { zoneEntrances } from '../lib/zones';
import '../catalog.css';

const BANNER_HEIGHT = 360;

const quickLinks = [
  { to: '/kjcg', label: '快捷采购' },
  { to: '/order', label: '我的订单' },
  { to: '/star', label: '我的收藏' },
  { to: '/lqzx', label: '领券中心' },
  { to: '/pzqg', label: '品种求购' },
  { to: '/help/xrzn/gwzn', label: '购物指南' },
];

/** / — banners, zone entrances, hot goods, recommendations and the brand wall. */
export default function HomePage() {
  const banners = useFocusBanners('/api/focus?position=home_banner');
  const hot = useHotGoods();
  const recommended = useRecommendations();
  const brands = useBrandWall(1, 12);
  return (
    <div className="yc-page" data-testid="home-page">
      <div style={{ display: 'grid', gridTemplateColumns: '1fr 230px', gap: 12 }}>
        {banners.isPending ? (
          <div style={{ height: BANNER_HEIGHT, background: '#e8f4ee', borderRadius: 4 }} />
        ) : (
          <BannerCarousel items={banners.data ?? []} height={BANNER_HEIGHT} />
        )}
        <aside style={{ background: '#fff', padding: 16, height: BANNER_HEIGHT }}>
          <div style={{ fontWeight: 600, marginBottom: 12 }}>采购服务</div>
          <div style={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 8 }}>
            {quickLinks.map((l) => (
              <Link
                key={l.to}
                to={l.to}
                style={{ border: '1px solid #eee', padding: '8px 0', textAlign: 'center', color: '#333' }}
              >
                {l.label}
              </Link>
            ))}
          </div>
          <div style={{ fontWeight: 600, margin: '16px 0 8px' }}>平台保障</div>
          <ul style={{ margin: 0, paddingLeft: 18, color: '#666', fontSize: 13, lineHeight: 2 }}>
            <li>正规渠道 · 正品保障</li>
            <li>阶梯价 · 满减 · 优惠券</li>
            <li>首营资料 · 电子发票</li>
          </ul>
        </aside>
      </div>

      <nav
        className="yc-grid"
        style={{ gridTemplateColumns: 'repeat(6, 1fr)', marginTop: 16 }}
        data-testid="zone-entrances"
      >
        {zoneEntrances.map((z) => (
          <Link
            key={z.to}
            to={z.to}
            style={{
              background: '#fff',
              borderTop: `3px solid ${z.color}`,
              padding: '14px 16px',
              color: '#333',
            }}
          >
            <div style={{ fontSize: 17, fontWeight: 600, color: z.color }}>{z.title}</div>
            <div className="yc-muted">{z.note}</div>
          </Link>
        ))}
      </nav>

      <GoodsFloor
        title="热销商品"
        note="药店都在采"
        more="/list?sort=sales"
        goods={hot.data?.slice(0, 10)}
        loading={hot.isPending}
        testId="home-hot"
      />
      <GoodsFloor
        title="为您推荐"
        note="根据采购习惯精选"
        more="/list"
        goods={recommended.data?.slice(0, 10)}
        loading={recommended.isPending}
        testId="home-recommend"
      />

      {(brands.data?.list.length ?? 0) > 0 && (
        <section className="yc-section" data-testid="home-brands">
          <h2 className="yc-section-title">
            品牌墙<small>名厂名药 · 品牌直供</small>
            <Link to="/ppzq">全部品牌 &gt;</Link>
          </h2>
          <div className="yc-brand-wall">
            {brands.data?.list.map((b) => (
              <BrandTile key={b.id} brand={b} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
