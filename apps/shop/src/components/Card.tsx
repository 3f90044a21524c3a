import type { CSSProperties, ReactNode } from 'react';
import './card.css';

interface Props {
  title?: ReactNode;
  /** Beside the title, at the right (a link or a button). */
  extra?: ReactNode;
  size?: 'small' | 'default';
  /** Above the title, full width (an image). */
  cover?: ReactNode;
  /** Grey bars instead of the body while its data is on its way. */
  loading?: boolean;
  className?: string;
  style?: CSSProperties;
  id?: string;
  'data-testid'?: string;
  children?: ReactNode;
}

/**
 * The white panel of the member and order pages, in antd's card look, as plain markup (like
 * AuthCard): antd's Card brings Tabs, Dropdown, Menu and Skeleton with it (about 22 KB on the
 * wire) into every page that shows one, and these pages use only its title, extra, cover, loading and body.
 */
export function Card({
  title,
  extra,
  size = 'default',
  cover,
  loading,
  className,
  style,
  id,
  children,
  ...rest
}: Props) {
  const classes = ['yc-panel', size === 'small' ? 'yc-panel--small' : '', className ?? '']
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} style={style} id={id} data-testid={rest['data-testid']}>
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
