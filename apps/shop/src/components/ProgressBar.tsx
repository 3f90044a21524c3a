interface Props {
  /** 0 to 100 (clamped). */
  percent: number;
  /** The bar's accessible name. */
  label: string;
  /** Fixed width in pixels; by default the bar fills its row. */
  width?: number;
}

/**
 * A thin red progress bar (flash-sale stock sold, full-reduction tiers). Plain markup: antd's
 * Progress (with its circle and dashboard variants) is not worth its chunk for a bar.
 */
export function ProgressBar({ percent, label, width }: Props) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <div
      className="sh-progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={shown}
      aria-label={label}
      style={width ? { width, flex: 'none' } : undefined}
    >
      <span style={{ width: `${shown}%` }} />
    </div>
  );
}
