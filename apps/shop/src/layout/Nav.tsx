import type { NavItem } from '@yaocai/domain';
import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { NAV_LIMIT, useHeaderCommon } from './api/header-common';

function NavLink({ item, className }: { item: NavItem; className?: string }) {
  const external = /^https?:\/\//.test(item.url);
  if (item.is_open || external) {
    return (
      <a
        className={className}
        href={item.url}
        target={item.is_open ? '_blank' : undefined}
        rel="noopener noreferrer"
      >
        {item.name}
      </a>
    );
  }
  return (
    <Link className={className} to={item.url}>
      {item.name}
    </Link>
  );
}

/** Main nav: at most 9 entries (spec 9), children shown on hover, is_open opens a new tab. */
export function Nav() {
  const { data } = useHeaderCommon();
  const { pathname } = useLocation();
  const [hovered, setHovered] = useState<number | null>(null);
  const items = (data?.nav ?? []).slice(0, NAV_LIMIT);
  return (
    <nav className="sh-nav" aria-label="主导航" data-testid="main-nav">
      {items.map((item) => (
        <div
          key={item.id}
          className={item.url === pathname ? 'sh-nav__entry is-current' : 'sh-nav__entry'}
          onMouseEnter={() => setHovered(item.id)}
          onMouseLeave={() => setHovered(null)}
          data-testid="nav-entry"
        >
          <NavLink item={item} className="sh-nav__link" />
          {item.image ? <img className="sh-nav__badge" src={item.image} alt="" /> : null}
          {hovered === item.id && item.children.length > 0 && (
            <div className="sh-nav__children" data-testid="nav-children">
              {item.children.map((child) => (
                <NavLink key={child.id} item={child} />
              ))}
            </div>
          )}
        </div>
      ))}
    </nav>
  );
}
