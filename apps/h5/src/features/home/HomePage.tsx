import DotLoading from 'antd-mobile/es/components/dot-loading';
import { SearchOutline } from 'antd-mobile-icons';
import { Link } from 'react-router';
import { GoodsCard } from '../../components/GoodsCard';
import { PcSiteLink } from '../../components/PcSiteLink';
import { useHomeBanners, useHotGoods } from './api/home';
import { BannerStrip } from './BannerStrip';
import { SpikeFloor } from './SpikeFloor';

/** The zones of the PC home page, each a filtered goods list. */
const zones = [
  { zone: 'yx', title: '优选专区', color: '#0a7c4e' },
  { zone: 'zyyp', title: '中药饮片', color: '#8a5a2b' },
  { zone: 'qxzq', title: '器械专区', color: '#1867c0' },
  { zone: 'jxqzc', title: '近效期', color: '#c62828' },
  { zone: 'kxzq', title: '控销专区', color: '#6a3fc8' },
  { zone: 'ppzq', title: '品牌专区', color: '#b35500' },
];

/** The promotions beside the zones: screens of their own, not goods lists. */
const promotions = [
  { to: '/coupon-centre', title: '领券中心', color: '#c62828' },
  { to: '/points-mall', title: '积分商城', color: '#0a7c4e' },
  { to: '/lottery', title: '幸运抽奖', color: '#eb2f96' },
];

export default function HomePage() {
  const banners = useHomeBanners();
  const hot = useHotGoods();
  return (
    <div className="m-home">
      <header className="m-home__top">
        <h1 className="m-home__brand">药采</h1>
        <Link className="m-home__search" to="/search">
          <SearchOutline /> 搜索药品名称、厂家
        </Link>
        <PcSiteLink />
      </header>
      <BannerStrip ads={banners.data ?? []} />
      <nav className="m-zones" aria-label="专区">
        {zones.map((zone) => (
          <Link
            key={zone.zone}
            to={`/list?zone=${zone.zone}&title=${encodeURIComponent(zone.title)}`}
            className="m-zones__item"
          >
            <span className="m-zones__dot" style={{ background: zone.color }}>
              {zone.title.slice(0, 1)}
            </span>
            {zone.title}
          </Link>
        ))}
        {promotions.map((item) => (
          <Link key={item.to} to={item.to} className="m-zones__item">
            <span className="m-zones__dot" style={{ background: item.color }}>
              {item.title.slice(0, 1)}
            </span>
            {item.title}
          </Link>
        ))}
      </nav>
      <SpikeFloor />
      <section className="m-floor">
        <h2 className="m-floor__title">热销商品</h2>
        {hot.isPending ? (
          <DotLoading />
        ) : (
          hot.data?.map((goods) => <GoodsCard key={goods.id} goods={goods} />)
        )}
      </section>
    </div>
  );
}
