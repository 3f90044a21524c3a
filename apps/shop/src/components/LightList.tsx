import { Spin } from 'antd';
import { Fragment, type HTMLAttributes, type Key, type ReactNode } from 'react';
import { LightPager } from './LightPager';
import './light-list.css';

interface Pagination {
  current: number;
  pageSize: number;
  total: number;
  onChange(page: number): void;
}

interface Props<T> {
  items: T[];
  rowKey(item: T): Key;
  /** One LightListItem per item. */
  renderItem(item: T): ReactNode;
  /** Dims the items under antd's spinner (a page on its way). */
  loading?: boolean;
  /** Shown when there are no items and none are on their way. */
  empty?: ReactNode;
  /** The pager below the items, at the right; the items are the current page's. */
  pagination?: Pagination | false;
}

/**
 * antd's List (default size, split lines, items with meta and actions) as the same markup in its
 * look: antd's List always loads Pagination, which brings its page-size Select (rc-select,
 * rc-virtual-list, the popup machinery) along, about 25 KB on the wire. The pager is LightPager.
 */
export function LightList<T>({ items, rowKey, renderItem, loading = false, empty, pagination }: Props<T>) {
  let content: ReactNode = loading && <div style={{ minHeight: 53 }} />;
  if (items.length)
    content = (
      <ul className="yc-list__items">
        {items.map((item) => (
          <Fragment key={rowKey(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
    );
  else if (!loading) content = <div className="yc-list__empty">{empty}</div>;
  return (
    <div
      className={['yc-list', loading && 'yc-list--loading', pagination && 'yc-list--paged']
        .filter(Boolean)
        .join(' ')}
    >
      <Spin spinning={loading}>{content}</Spin>
      {pagination && (
        <div className="yc-list__pagination">
          <LightPager
            current={pagination.current}
            pageSize={pagination.pageSize}
            total={pagination.total}
            onChange={(page) => pagination.onChange(page)}
            style={{ justifyContent: 'flex-end' }}
          />
        </div>
      )}
    </div>
  );
}

interface ItemProps extends Omit<HTMLAttributes<HTMLLIElement>, 'title'> {
  avatar?: ReactNode;
  title?: ReactNode;
  description?: ReactNode;
  /** At the item's right end, split by thin lines. */
  actions?: ReactNode[];
  'data-testid'?: string;
}

/** One item of LightList: antd's List.Item with its List.Item.Meta. */
export function LightListItem({
  avatar,
  title,
  description,
  actions,
  children,
  className,
  ...rest
}: ItemProps) {
  return (
    <li {...rest} className={className ? `yc-list__item ${className}` : 'yc-list__item'}>
      {(avatar || title || description) && (
        <div className="yc-list__meta">
          {avatar && <div className="yc-list__avatar">{avatar}</div>}
          {(title || description) && (
            <div className="yc-list__content">
              {title && <h2 className="yc-list__title">{title}</h2>}
              {description && <div className="yc-list__description">{description}</div>}
            </div>
          )}
        </div>
      )}
      {children}
      {actions && actions.length > 0 && (
        <ul className="yc-list__actions">
          {actions.map((action, index) => (
            <li key={index}>
              {action}
              {index !== actions.length - 1 && <em className="yc-list__action-split" />}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
