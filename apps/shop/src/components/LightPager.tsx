import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import type { CSSProperties, ReactNode } from 'react';
import './light-controls.css';

interface Props {
  current: number;
  pageSize: number;
  total: number;
  onChange?: (page: number, pageSize: number) => void;
  showTotal?: (total: number) => ReactNode;
  size?: 'small';
  style?: CSSProperties;
}

/** Pages within two of the current one each side are listed; farther ones behind ••• (as antd). */
const BUFFER = 2;

/** The page numbers to show, with 'prev' and 'next' for the jumps of five pages (antd's list). */
export function pagerItems(current: number, pages: number): (number | 'prev' | 'next')[] {
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, i) => i + 1);
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const items: (number | 'prev' | 'next')[] = [];
  for (let page = left; page <= right; page++) items.push(page);
  if (left > 1) items.unshift(...(left > 2 ? [1, 'prev' as const] : [1]));
  if (right < pages) items.push(...(right < pages - 1 ? ['next' as const, pages] : [pages]));
  return items;
}

/**
 * A pager of page numbers in antd Pagination's look, without its page-size select: antd's
 * Pagination always loads its Select (rc-select, rc-virtual-list, the popup machinery) along,
 * about 25 KB on the wire, for the size changer the read-only tables never show.
 */
export function LightPager({ current, pageSize, total, onChange, showTotal, size, style }: Props) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const go = (page: number) => {
    const next = Math.min(pages, Math.max(1, page));
    if (next !== current) onChange?.(next, pageSize);
  };
  return (
    <nav
      className={size === 'small' ? 'yc-pager yc-pager--small' : 'yc-pager'}
      style={style}
      aria-label="分页"
    >
      {showTotal && <span className="yc-pager__total">{showTotal(total)}</span>}
      <button
        type="button"
        className="yc-pager__item"
        aria-label="上一页"
        title="上一页"
        disabled={current <= 1}
        onClick={() => go(current - 1)}
      >
        <LeftOutlined />
      </button>
      {pagerItems(current, pages).map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            className={item === current ? 'yc-pager__item is-current' : 'yc-pager__item'}
            aria-current={item === current ? 'page' : undefined}
            title={String(item)}
            onClick={() => go(item)}
          >
            {item}
          </button>
        ) : (
          <button
            key={item}
            type="button"
            className="yc-pager__item yc-pager__jump"
            aria-label={item === 'prev' ? '向前 5 页' : '向后 5 页'}
            title={item === 'prev' ? '向前 5 页' : '向后 5 页'}
            onClick={() => go(item === 'prev' ? current - 5 : current + 5)}
          >
            •••
          </button>
        ),
      )}
      <button
        type="button"
        className="yc-pager__item"
        aria-label="下一页"
        title="下一页"
        disabled={current >= pages}
        onClick={() => go(current + 1)}
      >
        <RightOutlined />
      </button>
    </nav>
  );
}
