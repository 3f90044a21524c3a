import { useEffect, useState } from 'react';
import { countdownParts } from '../lib/format';

/**
 * Counts down to `until` (seconds since the epoch), on the server's clock: `serverNow` is the
 * server's time when the data was read, so a phone whose clock is off still counts right.
 */
export function Countdown({ until, serverNow }: { until: number; serverNow: number }) {
  const [offset] = useState(() => serverNow * 1000 - Date.now());
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now() + offset), 1000);
    return () => clearInterval(timer);
  }, [offset]);
  const { hours, minutes, seconds } = countdownParts(until * 1000 - now);
  return (
    <span className="m-countdown" role="timer">
      <b>{hours}</b>:<b>{minutes}</b>:<b>{seconds}</b>
    </span>
  );
}
