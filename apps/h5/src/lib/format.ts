import { beijingDateTimeText } from '@yaocai/domain/time/beijing';

/** A yuan amount as the shop writes it: ¥12.50 (amounts on the wire are yuan numbers). */
export const yuan = (amount: number) => `¥${amount.toFixed(2)}`;

/**
 * Seconds since the epoch (the API's times) as 2026-11-28 15:04 in Beijing time, as the PC shop
 * writes them, whatever the phone's own time zone.
 */
export const dateTime = beijingDateTimeText;

/** What is left of a countdown, as hours (not wrapped at a day), minutes and seconds. */
export function countdownParts(ms: number): { hours: string; minutes: string; seconds: string } {
  const total = Math.max(0, Math.floor(ms / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    hours: pad(Math.floor(total / 3600)),
    minutes: pad(Math.floor((total % 3600) / 60)),
    seconds: pad(total % 60),
  };
}
