import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type AppRoute, memberMenuGroups } from '../app/route-types';
import { routeTable } from '../app/routes';

interface Entry {
  name: string;
  path: string;
  label: string;
}

/** The side menu, read off the route table once: listed routes with a page, by group. */
const groups = memberMenuGroups
  .map((group) => ({
    group,
    entries: routeTable.flatMap((r): Entry[] =>
      r.page && r.memberMenu && 'group' in r.memberMenu && r.memberMenu.group === group
        ? [{ name: r.name, path: r.path, label: r.memberMenu.label ?? r.title ?? r.name }]
        : [],
    ),
  }))
  .filter((g) => g.entries.length > 0);

/** The menu entry a route lights: its own, or its list's for a detail page. */
const entryOf = (route: AppRoute | undefined) =>
  route?.memberMenu && 'under' in route.memberMenu ? route.memberMenu.under : route?.name;

/**
 * 会员中心's layout: every account page (orders, wallet, addresses, favourites, messages,
 * self-service) beside one side menu, so each is one click from the others.
 */
export function MemberLayout({ route, outlet }: { route: AppRoute | undefined; outlet: ReactNode }) {
  const current = entryOf(route);
  return (
    <div className="sh-member sh-container">
      <nav className="sh-member__side" aria-label="会员中心菜单" data-testid="member-menu">
        {groups.map((g) => (
          <div key={g.group} className="sh-member__group">
            <div className="sh-member__title">{g.group}</div>
            {g.entries.map((e) => (
              <Link
                key={e.name}
                to={e.path}
                className={`sh-member__link${e.name === current ? ' is-active' : ''}`}
                aria-current={e.name === current ? 'page' : undefined}
              >
                {e.label}
              </Link>
            ))}
          </div>
        ))}
      </nav>
      <div className="sh-member__content">{outlet}</div>
    </div>
  );
}
