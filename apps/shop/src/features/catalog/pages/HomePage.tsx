import { adSlotSize } from '@yaocai/domain';
import { Link } from 'react-router';
import { DeferUntilNear } from '../../../components/DeferUntilNear';
import { queryClient } from '../../../lib/query-client';
import { useBrandWall } from '../api/brand-wall';
import { fetchFocus, focusKey, useFocusBanners } from '../api/focus-banners';
import { useGoodsActivities } from '../api/goods-activities';
import { fetchHotGoods, hotGoodsKey, useHotGoods } from '../api/hot-goods';
import { useRecommendations } from '../api/recommendations';
import { BannerCarousel } from '../components/BannerCarousel';
import { BrandTile } from '../components/BrandTile';
import { GoodsFloor } from '../components/GoodsFloor';
import { SpikeFloor } from '../components/SpikeFloor';
import { zoneEntrances } from '../lib/zones';
import '../../../components/goods/catalog.css';

const HOME_BANNERS = '/api/focus?position=home_banner';
/** The banner slot (770 x 388 between the menu and the service box), as the ads are made for it. */
const BANNER_SIZE = adSlotSize('home_banner');
/** The home route shows the category menu expanded over the page's left edge (shell layout). */
const MENU_WIDTH = 210;

const quickLinks = [
  { to: '/kjcg', label: '快捷采购' },
  { to: '/order', label: '我的订单' },
  { to: '/star', label: '我的收藏' },
  { to: '/lqzx', label: '领券中心' },
  { to: '/pzqg', label: '品种求购' },
  { to: '/help/xrzn/gwzn', label: '购物指南' },
];

// The above-the-fold calls start as soon as this chunk arrives rather than after the first
// render of the page and its layout: the hot goods' images are the home page's LCP.
queryClient.prefetchQuery({
  queryKey: focusKey(HOME_BANNERS),
  queryFn: ({ signal }) => fetchFocus(HOME_BANNERS, signal),
});
queryClient.prefetchQuery({ queryKey: hotGoodsKey, queryFn: ({ signal }) => fetchHotGoods(signal) });

/** A floor of five goods cards with its title (the stand-in's height until it is near). */
const FLOOR_HEIGHT = 420;

function SpecialsFloor() {
  const specials = useGoodsActivities({ tag: '特', page_size: 5 });
  return (
    <GoodsFloor
      title="限时特价"
      note="特价好货 售完即止"
      more="/list?tag=%E7%89%B9"
      goods={specials.data}
      loading={specials.isPending}
      testId="home-specials"
    />
  );
}

function RecommendFloor() {
  const recommended = useRecommendations();
  return (
    <GoodsFloor
      title="为您推荐"
      note="根据采购习惯精选"
      more="/list"
      goods={recommended.data?.slice(0, 10)}
      loading={recommended.isPending}
      testId="home-recommend"
    />
  );
}

function BrandWall() {
  const brands = useBrandWall();
  if ((brands.data?.length ?? 0) === 0) return null;
  return (
    <section className="yc-section" data-testid="home-brands">
      <h2 className="yc-section-title">
        品牌墙<small>名厂名药 · 品牌直供</small>
        <Link to="/ppzq">全部品牌 &gt;</Link>
      </h2>
      <div className="yc-brand-wall">
        {brands.data?.slice(0, 12).map((b) => (
          <BrandTile key={b.id} brand={b} />
        ))}
      </div>
    </section>
  );
}

/**
 * / — banners, zone entrances, the flash sale and hot goods on the first screen; the floors below
 * (specials, recommendations, brand wall) load their data as the buyer scrolls to them.
 */
export default function HomePage() {
  const banners = useFocusBanners(HOME_BANNERS);
  const hot = useHotGoods();
  return (
    <div className="yc-page" data-testid="home-page">
      <div
        style={{ display: 'grid', gridTemplateColumns: `${MENU_WIDTH}px ${BANNER_SIZE.w}px 200px`, gap: 10 }}
      >
        <div aria-hidden />
        {banners.isPending ? (
          <div style={{ height: BANNER_SIZE.h, background: '#e8f4ee', borderRadius: 4 }} />
        ) : (
          <BannerCarousel items={banners.data ?? []} size={BANNER_SIZE} />
        )}
        <aside aria-label="采购服务" style={{ background: '#fff', padding: 16, height: BANNER_SIZE.h }}>
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

      <SpikeFloor />
      <GoodsFloor
        title="热销商品"
        note="药店都在采"
        more="/list?sort=sales"
        goods={hot.data?.slice(0, 10)}
        eagerCount={5}
        loading={hot.isPending}
        testId="home-hot"
      />
      <DeferUntilNear minHeight={FLOOR_HEIGHT} testId="home-specials">
        <SpecialsFloor />
      </DeferUntilNear>
      <DeferUntilNear minHeight={FLOOR_HEIGHT} testId="home-recommend">
        <RecommendFloor />
      </DeferUntilNear>
      <DeferUntilNear minHeight={FLOOR_HEIGHT} testId="home-brands">
        <BrandWall />
      </DeferUntilNear>
    </div>
  );
}
