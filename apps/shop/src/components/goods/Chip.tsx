import type { ReactNode } from 'react';

/** A choice of a filter row (highlighted when chosen). */
export function Chip({ on, onClick, children }: { on: boolean; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className={`yc-chip${on ? ' yc-chip-on' : ''}`} onClick={onClick} aria-pressed={on}>
      {children}
    </button>
  );
}
