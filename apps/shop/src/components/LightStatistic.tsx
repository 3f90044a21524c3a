import type { ReactNode } from 'react';
import './light-statistic.css';

/**
 * A number as antd's Statistic writes it: thousands grouped with commas, the decimals cut (not
 * rounded) or padded to `precision`; anything that is not a plain number is shown as it is.
 */
export function statisticText(value: number | string, precision?: number): { int: string; decimal: string } {
  const text = String(value);
  const cells = text.match(/^(-?)(\d*)(\.(\d+))?$/);
  if (!cells || text === '-') return { int: text, decimal: '' };
  const int = `${cells[1]}${(cells[2] || '0').replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
  let decimal = cells[4] ?? '';
  if (precision !== undefined) decimal = decimal.padEnd(precision, '0').slice(0, Math.max(precision, 0));
  return { int, decimal: decimal ? `.${decimal}` : '' };
}

interface Props {
  title: ReactNode;
  value: number | string;
  precision?: number;
  prefix?: ReactNode;
}

/**
 * A figure under its title in antd Statistic's look. antd's Statistic brings its countdown and
 * timer and the Skeleton of its loading state along (about 4.5 KB on the wire) for figures the
 * account pages show as they are.
 */
export function LightStatistic({ title, value, precision, prefix }: Props) {
  const { int, decimal } = statisticText(value, precision);
  return (
    <div className="yc-statistic">
      <div className="yc-statistic__title">{title}</div>
      <div className="yc-statistic__content">
        {prefix && <span className="yc-statistic__prefix">{prefix}</span>}
        <span className="yc-statistic__value">
          {int}
          {decimal && <span>{decimal}</span>}
        </span>
      </div>
    </div>
  );
}
