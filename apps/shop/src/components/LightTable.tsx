import { Empty } from 'antd';
import { type HTMLAttributes, type Key, type ReactNode, useState } from 'react';
import { LightPager } from './LightPager';
import './plain-table.css';

export interface LightColumn<Row> {
  title?: ReactNode;
  key?: Key;
  dataIndex?: keyof Row & string;
  // biome-ignore lint/suspicious/noExplicitAny: antd's column render takes the cell as any, too
  render?: (value: any, row: Row, index: number) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** One line, cut with an ellipsis (the whole text as the cell's title), as antd's. */
  ellipsis?: boolean;
}

export interface LightPagination {
  current: number;
  pageSize?: number;
  total: number;
  onChange?: (page: number, pageSize: number) => void;
  hideOnSinglePage?: boolean;
  /** Always off: the pager has no page-size select (LightPager). */
  showSizeChanger?: false;
  showTotal?: (total: number) => ReactNode;
}

interface Props<Row> {
  rowKey: (keyof Row & string) | ((row: Row) => Key);
  dataSource: readonly Row[];
  columns: LightColumn<Row>[];
  size?: 'small' | 'middle' | 'large';
  /** Lines between the columns and around the table, as antd's `bordered`. */
  bordered?: boolean;
  loading?: boolean;
  locale?: { emptyText?: ReactNode };
  /** Left out: as antd, the rows are paged in the browser, 10 a page. */
  pagination?: false | LightPagination;
  onRow?: (row: Row) => HTMLAttributes<HTMLTableRowElement>;
  className?: string;
  'data-testid'?: string;
}

/**
 * A read-only table with antd Table's API for the columns, rows and pager the member pages use,
 * as plain HTML (PlainTable's look). antd's Table brings its filters (Tree, Menu, Dropdown) and
 * its own machinery, 47 KB on the wire, into each page that shows one; pages that select or
 * expand rows keep it.
 */
export function LightTable<Row>({
  rowKey,
  dataSource,
  columns,
  size = 'middle',
  bordered,
  loading,
  locale,
  pagination,
  onRow,
  className,
  ...rest
}: Props<Row>) {
  const keyOf = (row: Row) => (typeof rowKey === 'function' ? rowKey(row) : (row[rowKey] as Key));
  const [localPage, setLocalPage] = useState(1);
  const pager: LightPagination | undefined =
    pagination === false
      ? undefined
      : (pagination ?? { current: localPage, total: dataSource.length, onChange: setLocalPage });
  const pageSize = pager?.pageSize ?? 10;
  const total = pager?.total ?? 0;
  const showPager = pager && !(pager.hideOnSinglePage && total <= pageSize) && total > 0;
  // antd shows one page of the rows it was given when they are more than a page.
  const page = pager?.current ?? 1;
  const rows =
    pager && dataSource.length > pageSize
      ? dataSource.slice((page - 1) * pageSize, page * pageSize)
      : dataSource;
  return (
    <div className={className} data-testid={rest['data-testid']}>
      <div style={{ opacity: loading ? 0.5 : 1 }} aria-busy={loading || undefined}>
        <table
          className={`yc-plain-table yc-plain-table--${size}${bordered ? ' yc-plain-table--bordered' : ''}`}
          // As antd: cut cells need the columns' widths kept, not stretched by their content.
          style={columns.some((c) => c.ellipsis) ? { tableLayout: 'fixed' } : undefined}
        >
          <thead>
            <tr>
              {columns.map((c, i) => (
                <th
                  key={c.key ?? c.dataIndex ?? i}
                  scope="col"
                  style={{ width: c.width, textAlign: c.align }}
                >
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columns.length} className="yc-plain-table__empty">
                  {loading ? null : (locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => (
                <tr key={keyOf(row)} {...onRow?.(row)}>
                  {columns.map((c, i) => {
                    const value = c.dataIndex ? row[c.dataIndex] : undefined;
                    return (
                      <td
                        key={c.key ?? c.dataIndex ?? i}
                        style={{ textAlign: c.align }}
                        className={c.ellipsis ? 'yc-plain-table__cut' : undefined}
                        title={c.ellipsis && typeof value === 'string' ? value : undefined}
                      >
                        {c.render ? c.render(value, row, index) : (value as ReactNode)}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {showPager && (
        <LightPager
          style={{ marginTop: 16, justifyContent: 'flex-end' }}
          size={size === 'small' ? 'small' : undefined}
          current={page}
          pageSize={pageSize}
          total={total}
          onChange={pager.onChange}
          showTotal={pager.showTotal}
        />
      )}
    </div>
  );
}
