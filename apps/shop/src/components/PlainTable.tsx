import type { ReactNode } from 'react';
import './plain-table.css';

export interface PlainColumn<Row> {
  title: string;
  render: (row: Row) => ReactNode;
  width?: number;
  align?: 'left' | 'right';
}

interface Props<Row> {
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  columns: PlainColumn<Row>[];
  /** Shown above the table (and naming it for assistive technology). */
  caption?: string;
  testId?: string;
}

/**
 * A read-only table in antd's small-table look, as plain HTML: for the few rows of a checkout,
 * without antd's Table (48 KB as sent, and its rendering work) in step 2's first load.
 */
export function PlainTable<Row>({ rows, rowKey, columns, caption, testId }: Props<Row>) {
  return (
    <table className="yc-plain-table" data-testid={testId}>
      {caption && <caption>{caption}</caption>}
      <thead>
        <tr>
          {columns.map((c) => (
            <th key={c.title} scope="col" style={{ width: c.width, textAlign: c.align }}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {columns.map((c) => (
              <td key={c.title} style={{ textAlign: c.align }}>
                {c.render(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
