import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` pixels of the viewport (and stays true). Parts
 * below the fold use it to load their code and data only when the buyer scrolls towards them, so
 * the first load carries only what the first screen shows.
 * With `dwellMs`, the element must stay that near for so long: the footer is in view for a moment
 * while a page's content is still loading, then pushed down by it.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = 300, dwellMs = 0): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    let dwell: ReturnType<typeof setTimeout> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        const intersecting = entries[entries.length - 1]?.isIntersecting;
        clearTimeout(dwell);
        if (intersecting && dwellMs === 0) setNear(true);
        else if (intersecting) dwell = setTimeout(() => setNear(true), dwellMs);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => {
      clearTimeout(dwell);
      observer.disconnect();
    };
  }, [ref, margin, dwellMs, near]);
  return near;
}
