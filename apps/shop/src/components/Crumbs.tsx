import { Fragment, type ReactNode } from 'react';

interface Props {
  /** From the home page down to the current page (antd Breadcrumb's `items` shape). */
  items: { title: ReactNode }[];
  className?: string;
}

/**
 * The trail above list and detail pages. Plain markup: antd's Breadcrumb brings Dropdown and
 * rc-menu for item menus the shop never uses.
 */
export function Crumbs({ items, className }: Props) {
  const shown = items.filter((item) => item.title !== undefined && item.title !== null && item.title !== '');
  return (
    <nav aria-label="当前位置" className={className ? `sh-crumbs ${className}` : 'sh-crumbs'}>
      <ol>
        {shown.map((item, index) => (
          <Fragment key={index}>
            {index > 0 && (
              <li className="sh-crumbs__sep" aria-hidden="true">
                /
              </li>
            )}
            <li aria-current={index === shown.length - 1 ? 'page' : undefined}>{item.title}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
