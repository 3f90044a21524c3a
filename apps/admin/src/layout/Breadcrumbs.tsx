import { Fragment } from 'react';
import { Link } from 'react-router';
import type { ConsoleRoute } from '../app/route-types';
import { breadcrumbOf } from '../app/routes';

/** The trail of the current screen from the route table (a detail screen under its list). */
export function Breadcrumbs({ route }: { route?: ConsoleRoute }) {
  const trail = route ? breadcrumbOf(route) : [];
  return (
    <nav className="ad-breadcrumb" aria-label="breadcrumb" data-testid="admin-breadcrumb">
      {trail.map((r, i) => (
        <Fragment key={r.path}>
          {i > 0 && <span className="ad-breadcrumb__sep">/</span>}
          {i < trail.length - 1 ? <Link to={r.path}>{r.title}</Link> : <span>{r.title}</span>}
        </Fragment>
      ))}
    </nav>
  );
}
