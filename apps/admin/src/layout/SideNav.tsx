import { createElement } from 'react';
import { NavLink } from 'react-router';
import { menuGroups } from '../app/route-types';
import { canOpen, consoleRoutes } from '../app/routes';

/**
 * The side menu: the route table's menu screens the operator may open, by group. Plain links
 * rather than antd's Menu, which would bring its popup machinery into every first load.
 */
export function SideNav({ permissions, active }: { permissions: readonly string[]; active?: string }) {
  return (
    <nav className="ad-nav" data-testid="admin-menu">
      {menuGroups.map((group) => {
        const items = consoleRoutes.filter((r) => r.group === group.key && canOpen(r, permissions));
        if (items.length === 0) return null;
        return (
          <div key={group.key} className="ad-nav__group">
            <div className="ad-nav__title">{group.title}</div>
            {items.map((r) => (
              <NavLink
                key={r.path}
                to={r.path}
                className={r.path === active ? 'ad-nav__item ad-nav__item--active' : 'ad-nav__item'}
              >
                {r.icon && createElement(r.icon)}
                <span>{r.title}</span>
              </NavLink>
            ))}
          </div>
        );
      })}
    </nav>
  );
}
