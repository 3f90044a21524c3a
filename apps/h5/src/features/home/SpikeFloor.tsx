import { goodsImageSrcSet } from '@yaocai/domain/catalog/image-widths';
import { Link } from 'react-router';
import { Countdown } from '../../components/Countdown';
import { yuan } from '../../lib/format';
import { useSpike } from './api/home';

/** 限时秒杀: the running slot (or the next one) with its countdown and goods, side by side. */
export function SpikeFloor() {
  const spike = useSpike();
  const slot = spike.data?.slots.find((s) => s.phase === 'running') ?? spike.data?.slots[0];
  // The floor's place is kept while the slots load: the goods below must not jump down.
  if (spike.isPending) return <section className="m-floor m-spike m-spike--loading" aria-hidden="true" />;
  if (!spike.data || !slot) return null;
  const running = slot.phase === 'running';
  return (
    <section className="m-floor m-spike" data-testid="spike-floor">
      <h2 className="m-floor__title">
        限时秒杀 <small>{running ? '距结束' : '距开始'}</small>
        <Countdown until={running ? slot.end_time : slot.start_time} serverNow={spike.data.timestamp} />
      </h2>
      <div className="m-spike__row">
        {slot.goods.map((item) => (
          <Link key={item.id} to={`/goods/${item.goods.id}`} className="m-spike__item">
            <img
              src={item.goods.image}
              srcSet={goodsImageSrcSet(item.goods.image)}
              sizes="100px"
              alt=""
              width={100}
              height={100}
              loading="lazy"
            />
            <span className="m-spike__name">{item.goods.name}</span>
            <span className="m-price">
              {item.spike_price === null ? item.goods.price_tip : yuan(item.spike_price)}
            </span>
            <span className="m-spike__sold">{item.sold_out ? '已抢光' : `已抢${item.sold_percent}%`}</span>
          </Link>
        ))}
      </div>
    </section>
  );
}
