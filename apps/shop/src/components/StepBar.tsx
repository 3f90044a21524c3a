import type { CSSProperties } from 'react';

interface Props {
  titles: readonly string[];
  /** The current step, from 0 as antd's Steps; `titles.length` marks every step done. */
  current: number;
  /** The list's accessible name. */
  label: string;
  className?: string;
  style?: CSSProperties;
  testId?: string;
}

/**
 * A flow's step bar (cart, registration, password reset): an ordered list with the current step
 * marked for assistive technology, rather than antd's Steps, which loads Progress (for its percent
 * rings) and Tooltip with its popup machinery along.
 */
export function StepBar({ titles, current, label, className, style, testId }: Props) {
  return (
    <ol
      className={className ? `sh-steps ${className}` : 'sh-steps'}
      style={style}
      data-testid={testId}
      aria-label={label}
    >
      {titles.map((title, index) => {
        const state = index < current ? 'is-done' : index === current ? 'is-current' : undefined;
        return (
          <li key={title} className={state} aria-current={index === current ? 'step' : undefined}>
            <span className="sh-steps__num" aria-hidden="true">
              {index < current ? '✓' : index + 1}
            </span>
            {title}
          </li>
        );
      })}
    </ol>
  );
}
