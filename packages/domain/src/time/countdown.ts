/**
 * Countdown timers (spec section 4): they tick each second on the server clock and show zeros
 * once finished. Times are 10-digit seconds.
 */
export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
  /** Seconds left, 0 when finished. */
  left: number;
  finished: boolean;
}

export function countdownParts(endSeconds: number, nowSeconds: number): CountdownParts {
  const left = Math.max(0, Math.floor(endSeconds) - Math.floor(nowSeconds));
  return {
    days: Math.floor(left / 86_400),
    hours: Math.floor((left % 86_400) / 3_600),
    minutes: Math.floor((left % 3_600) / 60),
    seconds: left % 60,
    left,
    finished: left === 0,
  };
}

const two = (n: number) => String(n).padStart(2, '0');

/** 「2天 03:04:05」, or 「03:04:05」 under a day; 「00:00:00」 once finished. */
export function countdownText(parts: CountdownParts): string {
  const clock = `${two(parts.hours)}:${two(parts.minutes)}:${two(parts.seconds)}`;
  return parts.days > 0 ? `${parts.days}天 ${clock}` : clock;
}

/** Where an activity stands against the server clock. */
export type ActivityPhase = 'upcoming' | 'running' | 'ended';

export function activityPhase(startSeconds: number, endSeconds: number, nowSeconds: number): ActivityPhase {
  if (nowSeconds < startSeconds) return 'upcoming';
  return nowSeconds < endSeconds ? 'running' : 'ended';
}
