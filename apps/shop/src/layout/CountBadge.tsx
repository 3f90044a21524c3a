interface Props {
  count: number;
  /** Above it the badge reads `{max}+`. */
  max: number;
  showZero?: boolean;
  small?: boolean;
  className?: string;
}

/**
 * The red count on the cart and message buttons (spec 9: capped at 99). Plain markup: antd's Badge
 * and its rolling-number animation were the shell's largest component after Button.
 */
export function CountBadge({ count, max, showZero = false, small = false, className }: Props) {
  if (count <= 0 && !showZero) return null;
  const classes = ['sh-badge', small && 'sh-badge--small', className].filter(Boolean).join(' ');
  return (
    <sup className={classes} title={String(count)}>
      {count > max ? `${max}+` : count}
    </sup>
  );
}
