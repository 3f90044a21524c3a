import { countdownParts, countdownText } from '@yaocai/domain';
import { useServerNow } from '../lib/server-clock';

interface Props {
  /** 10-digit seconds the countdown runs to. */
  to: number;
  /** 距开始 / 距结束 / 距本场结束... */
  label: string;
  className?: string;
}

/** A countdown on the server clock: ticks each second, shows zeros once finished. */
export function Countdown({ to, label, className }: Props) {
  const now = useServerNow();
  const text = countdownText(countdownParts(to, now));
  return (
    <span className={className} role="timer" aria-label={`${label} ${text}`} data-testid="countdown">
      <span>{label}</span> <strong style={{ fontVariantNumeric: 'tabular-nums' }}>{text}</strong>
    </span>
  );
}
