import type { HTMLAttributes, ReactNode } from 'react';
import './card.css';

/** antd Card's props these pages use; other attributes (data-*, aria-*, id, style) go to the panel. */
interface Props extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  title?: ReactNode;
  /** Beside the title, at the right (a link or a button). */
  extra?: ReactNode;
  size?: 'small' | 'default';
  /** Above the title, full width (an image). */
  cover?: ReactNode;
  /** Grey bars instead of the body while its data is on its way. */
  loading?: boolean;
  'data-testid'?: string;
  'data-state'?: string;
}

/**
 * The white panel of the member and order pages, in antd's card look, as plain markup (like
 * AuthCard): antd's Card brings Tabs, Dropdown, Menu and Skeleton with it (about 22 KB on the
 * wire) into every page that shows one, and these pages use only its title, extra, cover,
 * loading and body.
 */
export function Card({
  title,
  extra,
  size = 'default',
  cover,
  loading,
  className,
  children,
  ...rest
}: Props) {
  const classes = ['yc-panel', size === 'small' ? 'yc-panel--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div {...rest} className={classes}>
      {cover && <div className="yc-panel__cover">{cover}</div>}
      {(title || extra) && (
        <div className="yc-panel__head">
          <div className="yc-panel__title">{title}</div>
          {extra && <div className="yc-panel__extra">{extra}</div>}
        </div>
      )}
      <div className="yc-panel__body">
        {loading ? (
          <div className="yc-panel__loading" role="status" aria-label="加载中">
            <span />
            <span />
            <span />
          </div>
        ) : (
          children
        )}
      </div>
    </div>
  );
}
