import type { ReactNode } from 'react';
import './sr-only.css';

/**
 * A page's level-one heading for screen readers and the document outline, when the page shows
 * its title in another way (the console's breadcrumb, the mobile site's nav bar). Importing this
 * module also brings the `yc-sr-only` class.
 */
export function HiddenHeading({ children }: { children: ReactNode }) {
  return <h1 className="yc-sr-only">{children}</h1>;
}
