import { useSyncExternalStore } from 'react';
import { useHeaderCommon } from '../layout/api/header-common';

/**
 * The server clock (spec section 4): GET /api/focus/common carries the server's 10-digit
 * timestamp; the shop keeps the offset to the browser's clock and ticks once a second, so
 * every countdown on a page reads the same second and none trusts the buyer's clock.
 */
let offsetSeconds = 0;
let offsetFrom: number | undefined;

const listeners = new Set<() => void>();
let timer: ReturnType<typeof setInterval> | undefined;
let current = Math.floor(Date.now() / 1000);

function tick() {
  current = Math.floor(Date.now() / 1000 + offsetSeconds);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (!timer) timer = setInterval(tick, 1000);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** Server time in 10-digit seconds, updated every second. */
export function useServerNow(): number {
  const { data } = useHeaderCommon();
  if (data && offsetFrom !== data.timestamp) {
    offsetFrom = data.timestamp;
    offsetSeconds = data.timestamp - Date.now() / 1000;
    current = Math.floor(Date.now() / 1000 + offsetSeconds);
  }
  return useSyncExternalStore(subscribe, () => current);
}
