import type { Clock } from '../../apps/server/src/lib/context';

/**
 * The journeys' clock. Every journey runs at the same instant of the Beijing calendar, whatever
 * the day CI runs: the demo data is dated from it (global setup), each journey's server starts
 * at it, and each browser context's clock is set to it, so what is live, due or expired never
 * depends on the day. E2E_NOW moves it (scripts/e2e-dates.mjs runs the date-sensitive journeys
 * at month end, year end, a Sunday and an activity's first and last day).
 */
export const E2E_DEFAULT_NOW = '2026-11-25T10:00:00+08:00';

export function e2eStart(): number {
  const raw = process.env.E2E_NOW ?? E2E_DEFAULT_NOW;
  const at = Date.parse(raw);
  if (Number.isNaN(at)) throw new Error(`E2E_NOW is not a date: ${raw}`);
  return at;
}

export interface MovableClock extends Clock {
  /** Moves the clock to `at`; it runs on from there at the pace of real time. */
  set(at: Date): void;
}

/** A clock that starts at `start` and runs at the pace of real time. */
export function runningClock(start: number): MovableClock {
  let from = start;
  let realFrom = Date.now();
  return {
    now: () => new Date(from + (Date.now() - realFrom)),
    set(at) {
      from = at.getTime();
      realFrom = Date.now();
    },
  };
}
