import { type RefObject, useEffect, useState } from 'react';

/**
 * True once the element has come within `margin` pixels of the viewport (and stays true). Parts
 * below the fold use it to load their code and data only when the buyer scrolls towards them, so
 * the first load carries only what the first screen shows.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = 300): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
