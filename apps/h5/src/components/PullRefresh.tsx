import { type ReactNode, useRef, useState } from 'react';

/** How far (px) the buyer pulls down at the top before letting go refreshes. */
const THRESHOLD = 64;

/**
 * Pull to refresh: pulling down while the page is at its top shows 下拉刷新 / 释放立即刷新, and
 * letting go past the threshold runs `onRefresh` (刷新中… until it ends). Touch only, no library.
 */
export function PullRefresh({ onRefresh, children }: { onRefresh(): Promise<unknown>; children: ReactNode }) {
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [busy, setBusy] = useState(false);

  const onTouchStart = (e: React.TouchEvent) => {
    start.current = window.scrollY <= 0 && !busy ? e.touches[0].clientY : null;
  };
  const onTouchMove = (e: React.TouchEvent) => {
    if (start.current === null) return;
    const distance = e.touches[0].clientY - start.current;
    setPull(distance > 0 ? Math.min(distance / 2, THRESHOLD * 1.5) : 0);
  };
  const onTouchEnd = async () => {
    if (start.current === null) return;
    start.current = null;
    if (pull >= THRESHOLD) {
      setBusy(true);
      setPull(THRESHOLD);
      try {
        await onRefresh();
      } finally {
        setBusy(false);
      }
    }
    setPull(0);
  };

  const label = busy ? '刷新中…' : pull >= THRESHOLD ? '释放立即刷新' : '下拉刷新';
  return (
    <div
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div className="m-pull" style={{ height: pull }} aria-live="polite">
        {pull > 0 ? label : null}
      </div>
      {children}
    </div>
  );
}
