import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Logo } from '../Logo';
import { SearchBox } from './SearchBox';
import { STICKY_DELAY_MS, stickyVisible } from './search-logic';

/** Compact search bar fixed at the top once the page scrolled 205 px (checked 100 ms after scrolling). */
export function StickySearch() {
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(() => setVisible(stickyVisible(window.scrollY)), STICKY_DELAY_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (timer !== undefined) clearTimeout(timer);
    };
  }, []);
  if (!visible) return null;
  return (
    <div className="sh-sticky" data-testid="sticky-search">
      <div className="sh-container sh-sticky__inner">
        <Link to="/">
          <Logo small />
        </Link>
        <SearchBox compact />
      </div>
    </div>
  );
}
