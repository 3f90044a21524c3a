import { Empty } from 'antd';
import { type HTMLAttributes, type Key, type ReactNode, useState } from 'react';
import { LightCheckbox } from './LightCheckbox';
import { LightPager } from './LightPager';
import { choosePage, chooseRow, pageBoxState } from './light-table-selection';
import './plain-table.css';
import './light-table.css';

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

/** Check boxes in a first column, as antd's `rowSelection`. */
export interface LightRowSelection<Row> {
  selectedRowKeys: readonly Key[];
  onChange: (keys: Key[]) => void;
  /** A row that may not be chosen, and its box's name (default: 选择第 n 行). */
  getCheckboxProps?: (row: Row) => { disabled?: boolean; 'aria-label'?: string };
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
  rowSelection?: LightRowSelection<Row>;
  className?: string;
  'data-testid'?: string;
}

/**
 * A table with antd Table's API for the columns, rows, row selection and pager the pages use, as
 * plain HTML in antd's look. antd's Table brings its filters (Tree, Menu, Dropdown) and its own
 * machinery, 47 KB on the wire, into each page that shows one; pages that expand, sort or filter
 * rows keep it.
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
  rowSelection,
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
  const selected = rowSelection?.selectedRowKeys ?? [];
  const boxOf = (row: Row) => rowSelection?.getCheckboxProps?.(row) ?? {};
  const selectable = rows.filter((row) => !boxOf(row).disabled).map(keyOf);
  const columnCount = columns.length + (rowSelection ? 1 : 0);
  return (
    <div className={className} data-testid={rest['data-testid']}>
      <div style={{ opacity: loading ? 0.5 : 1 }} aria-busy={loading || undefined}>
        <table
          className={`yc-plain-table yc-light-table yc-plain-table--${size}${bordered ? ' yc-plain-table--bordered' : ''}`}
          // As antd: cut cells need the columns' widths kept, not stretched by their content.
          style={columns.some((c) => c.ellipsis) ? { tableLayout: 'fixed' } : undefined}
        >
          {/* Widths on columns, as antd gives them: a cell's padding counts in its column's width. */}
          <colgroup>
            {rowSelection && <col style={{ width: 32 }} />}
            {columns.map((c, i) => (
              <col key={c.key ?? c.dataIndex ?? i} style={{ width: c.width }} />
            ))}
          </colgroup>
          <thead>
            <tr>
              {rowSelection && (
                <th scope="col" className="yc-light-table__select">
                  <LightCheckbox
                    ariaLabel="全选本页"
                    {...pageBoxState(selected, selectable)}
                    onChange={(on) => rowSelection.onChange(choosePage(selected, selectable, on))}
                  />
                </th>
              )}
              {columns.map((c, i) => (
                <th key={c.key ?? c.dataIndex ?? i} scope="col" style={{ textAlign: c.align }}>
                  {c.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={columnCount} className="yc-plain-table__empty">
                  {loading ? null : (locale?.emptyText ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)}
                </td>
              </tr>
            ) : (
              rows.map((row, index) => {
                const key = keyOf(row);
                const box = boxOf(row);
                const chosen = selected.includes(key);
                return (
                  <tr key={key} className={chosen ? 'is-selected' : undefined} {...onRow?.(row)}>
                    {rowSelection && (
                      <td className="yc-light-table__select">
                        <LightCheckbox
                          ariaLabel={box['aria-label'] ?? `选择第${index + 1}行`}
                          checked={chosen}
                          disabled={box.disabled}
                          onChange={(on) => rowSelection.onChange(chooseRow(selected, key, on))}
                        />
                      </td>
                    )}
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
                );
              })
            )}
          </tbody>
        </table>
      </div>
      {showPager && (
        <LightPager
          style={{ margin: '16px 0', justifyContent: 'flex-end' }}
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
