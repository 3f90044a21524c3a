import type { ReactNode } from 'react';

interface Props {
  /** The element that opens the panel (a button, or a span of the top bar). */
  trigger: ReactNode;
  /** Where the panel opens: left of the side bar, or below the top bar. */
  placement: 'left' | 'bottom';
  children: ReactNode;
}

/**
 * A panel shown while its trigger is hovered or has focus within (CSS only: layout.css
 * `.sh-hoverpop`). The shell's QR codes and service contacts use it instead of antd's Popover,
 * whose trigger and portal machinery would otherwise ride in every page's first load.
 */
export function HoverPanel({ trigger, placement, children }: Props) {
  return (
    <div className={`sh-hoverpop sh-hoverpop--${placement}`}>
      {trigger}
      <div className="sh-hoverpop__panel">
        <div className="sh-hoverpop__body">{children}</div>
      </div>
    </div>
  );
}
