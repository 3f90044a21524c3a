import { beijingClockText, type SpikeGoodsItem, type SpikeSlotView } from '@yaocai/domain';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { Countdown } from '../../../components/Countdown';
import { LightTabs } from '../../../components/LightTabs';
import { ProgressBar } from '../../../components/ProgressBar';
import { detailHref } from '../../../lib/goods/goods-view';
import { useServerNow } from '../../../lib/server-clock';
import { useSpike } from '../api/spike';

const PRICE_RED = '#c62828';
const hhmm = beijingClockText;

function SpikeCard({ item, started }: { item: SpikeGoodsItem; started: boolean }) {
  const g = item.goods;
  return (
    <div className="yc-spike-card" data-testid="spike-goods">
      <Link to={detailHref(g)}>
        {/* The name follows inside the same link: the picture adds nothing to read out. */}
        <img src={g.image} alt="" width={120} height={120} loading="lazy" />
        <div className="yc-spike-name">{g.name}</div>
      </Link>
      <div className="yc-muted">{g.ypgg}</div>
      {item.spike_price === null ? (
        <div className="yc-muted">{g.price_tip}</div>
      ) : (
        <div>
          <strong style={{ color: PRICE_RED, fontSize: 18 }} data-testid="spike-price">
            ¥{item.spike_price.toFixed(2)}
          </strong>{' '}
          <s className="yc-muted">¥{g.base_price?.toFixed(2)}</s>
        </div>
      )}
      <div className="yc-spike-sold">
        <ProgressBar percent={item.sold_percent} label={`已抢${item.sold_percent}%`} />
        <span aria-hidden="true">已抢{item.sold_percent}%</span>
      </div>
      <div className="yc-muted">
        剩余{item.remaining}件 · 每店限购{item.limit}件
      </div>
      {item.sold_out ? (
        <Button block disabled>
          已抢光
        </Button>
      ) : started ? (
        <Link to={detailHref(g)}>
          <Button block type="primary" danger>
            马上抢
          </Button>
        </Link>
      ) : (
        <Button block disabled>
          即将开始
        </Button>
      )}
    </div>
  );
}

function SlotBody({ slot, now }: { slot: SpikeSlotView; now: number }) {
  const started = now >= slot.start_time;
  return (
    <div>
      <div style={{ marginBottom: 12 }}>
        {started ? (
          <Countdown to={slot.end_time} label="距本场结束" />
        ) : (
          <Countdown to={slot.start_time} label="距开始" />
        )}
      </div>
      <div className="yc-grid">
        {slot.goods.map((item) => (
          <SpikeCard key={item.id} item={item} started={started && now < slot.end_time} />
        ))}
      </div>
    </div>
  );
}

/** The floor's height with one slot of goods: kept while it loads, so the floors below stay put. */
const FLOOR_HEIGHT = 468;

/** The home page's 秒杀 floor: one tab per slot, its countdown on the server clock, the goods. */
export function SpikeFloor() {
  const spike = useSpike();
  const now = useServerNow();
  const [active, setActive] = useState<string>();
  if (spike.isPending)
    return <section className="yc-section" aria-hidden="true" style={{ minHeight: FLOOR_HEIGHT }} />;
  const slots = (spike.data?.slots ?? []).filter((s) => s.end_time > now && s.goods.length > 0);
  if (slots.length === 0) return null;
  return (
    <section className="yc-section" data-testid="home-spike" aria-label="限时秒杀">
      <h2 className="yc-section-title">
        限时秒杀<small>整点开抢 · 限量限购</small>
      </h2>
      <LightTabs
        label="秒杀场次"
        className="sh-tabs--price"
        activeKey={active && slots.some((s) => String(s.id) === active) ? active : String(slots[0].id)}
        onChange={setActive}
        items={slots.map((s) => ({
          key: String(s.id),
          label: `${hhmm(s.start_time)} ${now >= s.start_time ? '抢购中' : '即将开始'}`,
          children: <SlotBody slot={s} now={now} />,
        }))}
      />
    </section>
  );
}

/** The detail page's 秒杀 strip when the goods is in a running slot: price, countdown, limit. */
export function SpikeOffer({ goodsId }: { goodsId: number }) {
  const spike = useSpike();
  const now = useServerNow();
  for (const slot of spike.data?.slots ?? []) {
    if (now < slot.start_time || now >= slot.end_time) continue;
    const item = slot.goods.find((g) => g.goods.id === goodsId);
    if (!item) continue;
    return (
      <div className="yc-spike-offer" data-testid="spike-offer">
        <strong>秒杀</strong>
        {item.spike_price !== null && (
          <span style={{ color: PRICE_RED, fontSize: 22, fontWeight: 600 }}>
            ¥{item.spike_price.toFixed(2)}
          </span>
        )}
        <Countdown to={slot.end_time} label="距结束" />
        <span>{item.sold_out ? '已抢光' : `每店限购${item.limit}件，剩余${item.remaining}件`}</span>
      </div>
    );
  }
  return null;
}
