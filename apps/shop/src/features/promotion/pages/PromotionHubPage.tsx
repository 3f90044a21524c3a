import { Button, Empty, Spin, Tag } from 'antd';
import { Link } from 'react-router';
import { Countdown } from '../../../components/Countdown';
import { usePromotionHub } from '../api/hub';
import '../promotion.css';

/** /yyh 优医汇: every promotion live now, one card each, and the goods on them at /yyh/list. */
export default function PromotionHubPage() {
  const { data, isLoading } = usePromotionHub();
  return (
    <section className="sh-promo" aria-labelledby="yyh-title">
      <h1 id="yyh-title" className="sh-promo__title">
        优医汇
      </h1>
      <p className="sh-promo__lead">正在进行的优惠活动一览，领券、秒杀、特价、满减一站看全。</p>
      <p>
        <Link to="/yyh/list">
          <Button type="primary">查看全部活动商品</Button>
        </Link>
      </p>
      {isLoading ? (
        <Spin />
      ) : !data?.list.length ? (
        <Empty description="暂无进行中的活动" />
      ) : (
        <ul className="sh-hub" data-testid="promotion-hub">
          {data.list.map((item) => (
            <li key={`${item.kind}-${item.name}`} className="sh-hub__item" data-testid="promotion-hub-item">
              <Link to={item.link}>
                <Tag color="red">{item.badge}</Tag>
                <strong>{item.name}</strong>
                <span className="sh-hub__text">{item.text}</span>
                {item.ends_at !== null && <Countdown to={item.ends_at} label="距结束" />}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
