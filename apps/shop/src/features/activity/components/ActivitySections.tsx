import type { ActivitySectionView } from '@yaocai/domain';
import { Link } from 'react-router';
import { Countdown } from '../../../components/Countdown';
import { GoodsCard } from '../../../components/goods/GoodsCard';
import { CouponFloor } from './CouponFloor';

/** A page's sections in the operator's order; goods cards are the catalogue's own. */
export function ActivitySections({ sections }: { sections: ActivitySectionView[] }) {
  return sections.map((section, i) => {
    const key = `${section.type}-${i}`;
    switch (section.type) {
      case 'banner': {
        const image = (
          <img
            src={section.image}
            alt={section.alt || '活动横幅'}
            className="ya-banner"
            width={1200}
            height={400}
          />
        );
        return (
          <div key={key} data-testid="activity-banner">
            {section.link ? <Link to={section.link}>{image}</Link> : image}
          </div>
        );
      }
      case 'countdown':
        return (
          <div key={key} className="ya-countdown">
            <Countdown to={section.to} label={section.title} />
          </div>
        );
      case 'notice':
        return (
          <section key={key} className="yc-section" data-testid="activity-notice">
            {section.title && <h2 className="yc-section-title">{section.title}</h2>}
            <p className="ya-notice">{section.text}</p>
          </section>
        );
      case 'coupons':
        return <CouponFloor key={key} title={section.title} coupons={section.coupons} />;
      default:
        return (
          <section key={key} className="yc-section" data-testid="activity-goods">
            <h2 className="yc-section-title">{section.title}</h2>
            {section.goods.length === 0 ? (
              <p className="yc-muted">本楼层商品已售罄或下架</p>
            ) : (
              <div className="yc-grid">
                {section.goods.map((g) => (
                  <GoodsCard key={g.id} goods={g} />
                ))}
              </div>
            )}
          </section>
        );
    }
  });
}
