import type { CSSProperties, Key, ReactNode } from 'react';
import './light-descriptions.css';

export interface DescriptionItem {
  key?: Key;
  label: ReactNode;
  children: ReactNode;
  /** Columns the item takes (default 1). */
  span?: number;
}

interface Props {
  /** Falsy entries are left out, so an item can be written `condition && { … }`. */
  items: (DescriptionItem | false | null | undefined)[];
  /** Items a row holds (antd's default 3). */
  column?: number;
  bordered?: boolean;
  size?: 'default' | 'middle' | 'small';
  className?: string;
  style?: CSSProperties;
  'data-testid'?: string;
}

type Placed = DescriptionItem & { span: number };

/**
 * The items row by row as antd's Descriptions lays them out: a row takes items until their spans
 * reach `column` (an item too wide for the rest of its row is cut to it), and the last item of a
 * row that falls short stretches to its end.
 */
export function descriptionRows(items: DescriptionItem[], column: number): Placed[][] {
  const rows: Placed[][] = [];
  let row: Placed[] = [];
  let used = 0;
  for (const item of items) {
    const span = Math.min(item.span ?? 1, column - used);
    row.push({ ...item, span });
    used += span;
    if (used >= column) {
      rows.push(row);
      row = [];
      used = 0;
    }
  }
  if (row.length) rows.push(row);
  for (const r of rows) {
    const last = r[r.length - 1];
    last.span += column - r.reduce((sum, item) => sum + item.span, 0);
  }
  return rows;
}

/**
 * antd's Descriptions (horizontal layout, plain or bordered) as the same table markup, styled in
 * antd's look: its own is light, but imported with a page it brings antd's responsive-column
 * hooks and style registration along, and Amounts (whose `yuan` nearly every order page imports)
 * put it on every one of those pages' first load.
 */
export function LightDescriptions({
  items,
  column = 3,
  bordered = false,
  size = 'default',
  className,
  style,
  'data-testid': testId,
}: Props) {
  const rows = descriptionRows(
    items.filter((item): item is DescriptionItem => !!item),
    column,
  );
  const classes = [
    'yc-desc',
    bordered && 'yc-desc--bordered',
    size !== 'default' && `yc-desc--${size}`,
    className,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={classes} style={style} data-testid={testId}>
      <div className="yc-desc__view">
        <table>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index} className="yc-desc__row">
                {row.map((item, at) =>
                  bordered ? (
                    [
                      <th key={`label-${item.key ?? at}`} className="yc-desc__label" colSpan={1}>
                        <span>{item.label}</span>
                      </th>,
                      <td
                        key={`content-${item.key ?? at}`}
                        className="yc-desc__content"
                        colSpan={item.span * 2 - 1}
                      >
                        <span>{item.children}</span>
                      </td>,
                    ]
                  ) : (
                    <td key={item.key ?? at} className="yc-desc__item" colSpan={item.span}>
                      <div className="yc-desc__container">
                        <span className="yc-desc__label">{item.label}</span>
                        <span className="yc-desc__content">{item.children}</span>
                      </div>
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
