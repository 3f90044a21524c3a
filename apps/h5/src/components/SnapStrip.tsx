import { type ReactNode, useEffect, useRef } from 'react';

/**
 * Slides side by side, one screen wide, swiped with the finger (CSS scroll snap); with
 * `advanceMs` it moves on by itself unless the buyer asked for reduced motion.
 */
export function SnapStrip({
  children,
  count,
  advanceMs,
  label,
}: {
  children: ReactNode;
  count: number;
  advanceMs?: number;
  label: string;
}) {
  const strip = useRef<HTMLElement>(null);
  useEffect(() => {
    const el = strip.current;
    if (!el || !advanceMs || count < 2 || window.matchMedia('(prefers-reduced-motion: reduce)').matches)
      return;
    const timer = setInterval(() => {
      const next = Math.round(el.scrollLeft / el.clientWidth) + 1;
      el.scrollTo({ left: next >= count ? 0 : next * el.clientWidth, behavior: 'smooth' });
    }, advanceMs);
    return () => clearInterval(timer);
  }, [count, advanceMs]);
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region takes focus so that a keyboard scrolls it with the arrow keys (axe scrollable-region-focusable)
    <section className="m-snap" ref={strip} aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
