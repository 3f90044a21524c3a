import type { AdItem } from '@yaocai/domain';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';

const INTERVAL_MS = 4000;

const isExternal = (url: string) => /^https?:\/\//.test(url);

/** Home banners: a light slider (no carousel library on the home route, for a fast first paint). */
export function BannerCarousel({ items, size }: { items: AdItem[]; size: { w: number; h: number } }) {
  const height = size.h;
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (items.length < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), INTERVAL_MS);
    return () => clearInterval(timer);
  }, [items.length]);
  if (items.length === 0) {
    return (
      <div className="yc-banner" style={{ height, background: 'linear-gradient(110deg,#0a7c4e,#36c48a)' }}>
        <h1>药采 · 医药采购一站式</h1>
        <p>正品保障 · 阶梯优惠 · 次日送达</p>
      </div>
    );
  }
  return (
    <div
      style={{ position: 'relative', height, overflow: 'hidden', borderRadius: 4 }}
      data-testid="home-banners"
    >
      {items.map((item, i) => {
        const image = (
          <img
            src={item.image}
            alt={item.title}
            width={size.w}
            height={height}
            fetchPriority={i === 0 ? 'high' : 'low'}
            loading={i === 0 ? 'eager' : 'lazy'}
            style={{
              width: '100%',
              height: '100%',
              objectFit: 'cover',
              objectPosition: 'left center',
              display: 'block',
            }}
          />
        );
        return (
          <div
            key={item.id}
            style={{
              position: 'absolute',
              inset: 0,
              opacity: i === index ? 1 : 0,
              transition: 'opacity .6s',
            }}
            aria-hidden={i !== index}
            // A hidden slide's link takes no focus either.
            inert={i !== index}
          >
            {!item.url ? (
              image
            ) : isExternal(item.url) ? (
              <a href={item.url}>{image}</a>
            ) : (
              <Link to={item.url}>{image}</Link>
            )}
          </div>
        );
      })}
      <div
        style={{
          position: 'absolute',
          bottom: 12,
          width: '100%',
          display: 'flex',
          justifyContent: 'center',
        }}
      >
        {items.map((item, i) => (
          // A 24 px target around the small dot (WCAG 2.5.8 target size).
          <button
            type="button"
            key={item.id}
            aria-label={`第${i + 1}张`}
            aria-current={i === index}
            onClick={() => setIndex(i)}
            style={{
              minWidth: 24,
              height: 24,
              padding: '0 4px',
              border: 0,
              cursor: 'pointer',
              background: 'none',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <span
              style={{
                display: 'block',
                width: i === index ? 24 : 10,
                height: 10,
                borderRadius: 5,
                background: i === index ? '#fff' : 'rgba(255,255,255,.55)',
              }}
            />
          </button>
        ))}
      </div>
    </div>
  );
}
